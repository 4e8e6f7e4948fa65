// The selfie of a clock-in or clock-out: the front camera's live preview and a button to take
// the photo; the photo once taken, with a way to take it again. Where the browser gives no
// preview (refused, no camera, an old browser) the phone's own camera app takes it through a
// file input (capture="user"), which is offered beside the preview too.
import { CameraOutlined, ReloadOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import { QuietAlert } from "../../../lib/decorativeIcons";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SELFIE_FILES } from "../../../../declaration/field-capture";
import { useCamera } from "../hooks/useCamera";

interface Props {
  selfie: Blob | null;
  onChange: (selfie: Blob | null) => void;
  disabled?: boolean;
}

// Small enough that the position, the project and the button stay within a thumb's reach.
const FRAME = { width: "100%", maxWidth: 240, aspectRatio: "3 / 4", objectFit: "cover", borderRadius: 8, background: "#000" } as const;
const PHOTO = { ...FRAME, width: 96 } as const;

export function SelfieCapture({ selfie, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const { videoRef, state: cameraState, start, stop, capture } = useCamera();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const photoUrl = useMemo(() => (selfie ? URL.createObjectURL(selfie) : null), [selfie]);
  useEffect(() => () => void (photoUrl && URL.revokeObjectURL(photoUrl)), [photoUrl]);

  const take = async () => {
    const blob = await capture();
    if (blob) onChange(blob);
  };
  const live = cameraState === "on" || cameraState === "starting";

  return (
    <Flex vertical gap={8} align="center">
      {selfie && photoUrl ? (
        <Flex gap={12} align="center">
          <img src={photoUrl} alt={t("field.clock.selfieAlt")} style={PHOTO} />
          <Button size="large" icon={<ReloadOutlined aria-hidden />} onClick={() => onChange(null)} disabled={disabled}>
            {t("field.clock.retake")}
          </Button>
        </Flex>
      ) : (
        <>
          {/* Mirrored like a mirror, as people expect of a front camera; the photo is taken unmirrored. */}
          <video ref={videoRef} aria-label={t("field.clock.preview")} playsInline muted autoPlay style={{ ...FRAME, transform: "scaleX(-1)", display: live ? "block" : "none" }} />
          {cameraState === "starting" ? <Typography.Text type="secondary">{t("field.clock.cameraStarting")}</Typography.Text> : null}
          {cameraState === "denied" ? <QuietAlert type="warning" showIcon message={t("field.clock.cameraDenied")} /> : null}
          {cameraState === "unavailable" ? <QuietAlert type="info" showIcon message={t("field.clock.cameraUnavailable")} /> : null}
          <Flex gap={8} wrap justify="center">
            {live ? (
              <>
                <Button type="primary" size="large" icon={<CameraOutlined aria-hidden />} onClick={take} disabled={disabled || cameraState !== "on"}>
                  {t("field.clock.capture")}
                </Button>
                <Button size="large" onClick={stop}>
                  {t("field.clock.cancel")}
                </Button>
              </>
            ) : cameraState === "off" ? (
              <Button type="primary" size="large" icon={<CameraOutlined aria-hidden />} onClick={() => void start()} disabled={disabled}>
                {t("field.clock.takeSelfie")}
              </Button>
            ) : null}
            {/* The phone's camera app, through a file input the button opens. */}
            <Button size="large" onClick={() => fileInput.current?.click()} disabled={disabled}>
              {t("field.clock.useCameraApp")}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={SELFIE_FILES.selfie.accept}
              capture="user"
              aria-label={t("field.clock.useCameraApp")}
              tabIndex={-1}
              disabled={disabled}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) onChange(file);
                e.target.value = "";
              }}
              style={{ display: "none" }}
            />
          </Flex>
        </>
      )}
    </Flex>
  );
}
