// The front camera for a selfie: a live preview (getUserMedia) and a still taken from it as a
// JPEG at most 720 px on its longer side (a selfie needs no more; uploads stay small on a weak
// signal). The camera is off until asked for and off again once the photo is taken or the page
// closes. Refused or missing: the page offers the phone's camera app instead (a file input).
import { useCallback, useEffect, useRef, useState } from "react";

export type CameraState = "off" | "starting" | "on" | "denied" | "unavailable";

const MAX_SIDE = 720;

export function useCamera() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>("off");

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState((s) => (s === "on" || s === "starting" ? "off" : s));
  }, []);

  const start = useCallback(async () => {
    const media = typeof navigator !== "undefined" ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setState("unavailable");
      return;
    }
    setState("starting");
    try {
      const stream = await media.getUserMedia({ video: { facingMode: "user", width: { ideal: 1280 } }, audio: false });
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setState("on");
    } catch (e) {
      const name = (e as { name?: string })?.name;
      setState(name === "NotAllowedError" || name === "SecurityError" ? "denied" : "unavailable");
    }
  }, []);

  /** The preview's current frame as a JPEG, then the camera off. Null when there is no frame yet. */
  const capture = useCallback(async (): Promise<Blob | null> => {
    const video = videoRef.current;
    if (!video || !video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (blob) stop();
    return blob;
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { videoRef, state, start, stop, capture };
}
