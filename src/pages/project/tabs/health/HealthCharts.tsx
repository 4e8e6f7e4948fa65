// The health tab's charts (chart.js through react-chartjs-2): PV, EV and AC over time, and SPI
// and CPI over time from the health reports. Loaded only with the health tab.
import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from "chart.js";
import { Line } from "react-chartjs-2";
import { formatDate } from "../../../../lib/format";
import type { SeriesPoint } from "../../model/earnedValue";
import type { IndexPoint } from "../../model/indexHistory";

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Legend, Tooltip);

type T = (key: string) => string;

export function ValueChart({ points, t, money }: { points: SeriesPoint[]; t: T; money: (v: number) => string }) {
  return (
    <Line
      aria-label={t("project.health.valueChart")}
      role="img"
      data={{
        labels: points.map((p) => formatDate(p.date)),
        datasets: [
          { label: t("project.health.pv"), data: points.map((p) => p.pv), borderColor: "#1677ff", backgroundColor: "#1677ff", spanGaps: true, pointRadius: 1 },
          { label: t("project.health.ev"), data: points.map((p) => p.ev), borderColor: "#52c41a", backgroundColor: "#52c41a", spanGaps: true },
          { label: t("project.health.ac"), data: points.map((p) => p.ac), borderColor: "#fa541c", backgroundColor: "#fa541c", spanGaps: false, pointRadius: 1 },
        ],
      }}
      options={{ responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { ticks: { callback: (v) => money(Number(v)) } } } }}
    />
  );
}

export function IndexChart({ points, t }: { points: IndexPoint[]; t: T }) {
  return (
    <Line
      aria-label={t("project.health.indexChart")}
      role="img"
      data={{
        labels: points.map((p) => formatDate(p.date)),
        datasets: [
          { label: t("project.health.spi"), data: points.map((p) => p.spi), borderColor: "#722ed1", backgroundColor: "#722ed1", spanGaps: true },
          { label: t("project.health.cpi"), data: points.map((p) => p.cpi), borderColor: "#13c2c2", backgroundColor: "#13c2c2", spanGaps: true },
        ],
      }}
      options={{ responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { suggestedMin: 0.6, suggestedMax: 1.4 } } }}
    />
  );
}
