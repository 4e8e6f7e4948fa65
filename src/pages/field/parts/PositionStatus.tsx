// Where the phone is, as a clock-in needs it: the accuracy of the position against the limit
// (100 m, declared in declaration/field-capture.ts), or why there is none, with a way to try
// again.
import { AimOutlined } from "@ant-design/icons";
import { Button, Typography } from "antd";
import { QuietAlert } from "../../../lib/decorativeIcons";
import { useTranslation } from "react-i18next";
import { MAX_ACCURACY_M, tooInaccurate } from "../model/position";
import { useFieldStore } from "../store/fieldStore";

export function PositionStatus({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const fix = useFieldStore((s) => s.fix);
  const problem = useFieldStore((s) => s.positionProblem);
  const retry = (
    <Button size="small" icon={<AimOutlined aria-hidden />} onClick={onRetry}>
      {t("field.position.retry")}
    </Button>
  );
  if (problem && !(fix && problem === "timeout"))
    return <QuietAlert type="error" showIcon role="alert" message={t(`field.position.${problem}`)} action={problem === "unsupported" ? undefined : retry} />;
  if (!fix)
    return (
      <Typography.Text type="secondary" role="status">
        {t("field.position.locating")}
      </Typography.Text>
    );
  if (tooInaccurate(fix))
    return <QuietAlert type="warning" showIcon role="alert" message={t("field.position.tooInaccurate", { accuracy: fix.accuracy, max: MAX_ACCURACY_M })} action={retry} />;
  return (
    <Typography.Text role="status">
      <AimOutlined aria-hidden /> {t("field.position.accurate", { accuracy: fix.accuracy, max: MAX_ACCURACY_M })}
    </Typography.Text>
  );
}
