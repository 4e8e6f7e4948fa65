// The alarm's trail: raised, delivered to whom (in the app; sent, retried or failed by e-mail or
// webhook, with the attempt and the reason), escalated, acknowledged, resolved with its note;
// each step with who and when (on the clock of the alarm's site).
import Timeline from "antd/es/timeline";
import Typography from "antd/es/typography";
import { useTranslation } from "react-i18next";
import type { PanicTrailEntry } from "../../../../declaration/answers";
import { useProjectZone } from "../../../crud/useTimeZones";
import { formatDateTime } from "../../../lib/zonedTime";
import { usePanicTrail } from "../api/usePanicTrail";

const COLORS: Record<PanicTrailEntry["kind"], string> = {
  raised: "red",
  delivered: "blue",
  sent: "blue",
  retried: "orange",
  failed: "red",
  escalated: "orange",
  acknowledged: "green",
  resolved: "gray",
};

export function PanicTrail({ id, projectId }: { id: number; projectId: unknown }) {
  const { t } = useTranslation();
  const zone = useProjectZone(projectId);
  const { steps, loading, failed } = usePanicTrail(id);
  return (
    <section aria-labelledby="panic-trail-title" data-testid="panic-trail" style={{ marginTop: 24 }}>
      <Typography.Title level={5} id="panic-trail-title">
        {t("panicTrail.title")}
      </Typography.Title>
      {failed ? (
        <Typography.Text type="danger">{t("panicTrail.loadFailed")}</Typography.Text>
      ) : !loading && steps.length === 0 ? (
        <Typography.Text type="secondary">{t("panicTrail.empty")}</Typography.Text>
      ) : (
        <Timeline
          items={steps.map((s) => ({
            key: s.id,
            color: COLORS[s.kind] ?? "gray",
            children: (
              <div>
                <strong>
                  {t(`panicTrail.kind.${s.kind}`, { name: s.actor_name ?? t("panicTrail.server") })}
                  {s.channel && s.channel !== "app" ? ` · ${t(`panicTrail.channel.${s.channel}`)}` : null}
                  {s.attempt && s.attempt > 1 ? ` · ${t("panicTrail.attempt", { n: s.attempt })}` : null}
                </strong>
                <div>
                  <Typography.Text type="secondary">{formatDateTime(s.at, zone)}</Typography.Text>
                </div>
                {s.note ? <div>{t("panicTrail.note", { note: s.note })}</div> : null}
                {s.next_attempt_at ? <div>{t("panicTrail.nextAttempt", { at: formatDateTime(s.next_attempt_at, zone) })}</div> : null}
              </div>
            ),
          }))}
        />
      )}
    </section>
  );
}
