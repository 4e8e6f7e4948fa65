import { describe, expect, it } from "vitest";
import type { Activity } from "../../src/pages/gantt/model/activity";
import { activityKeys, compareVersions } from "../../src/pages/gantt/model/versionCompare";

const a = (id: number, name: string, start: string, end: string, extra: Partial<Activity> = {}): Activity => ({
  id,
  parent_id: null,
  name,
  type: "task",
  start_date: start,
  end_date: end,
  order: id,
  ...extra,
});

describe("version comparison", () => {
  // Each version has its own ids: the same activity is found by code, else by its path of names.
  const baseline = [
    a(1, "Persiapan", "2026-01-05", "2026-01-20", { code: "1", type: "summary" }),
    a(2, "Mobilisasi", "2026-01-05", "2026-01-09", { code: "1.1", parent_id: 1 }),
    a(3, "Pagar proyek", "2026-01-05", "2026-01-07", { code: "1.2", parent_id: 1 }),
    a(4, "Direksi keet", "2026-01-10", "2026-01-20", { code: "1.3", parent_id: 1 }),
    a(5, "Gudang", "2026-01-12", "2026-01-14", { parent_id: 1 }),
    a(6, "Uji tanah", "2026-01-15", "2026-01-16", { parent_id: 1 }),
  ];
  const current = [
    a(101, "Persiapan", "2026-01-05", "2026-01-25", { code: "1", type: "summary" }),
    a(102, "Mobilisasi (revisi)", "2026-01-08", "2026-01-14", { code: "1.1", parent_id: 101 }),
    a(103, "Pagar proyek", "2026-01-05", "2026-01-07", { code: "1.2", parent_id: 101 }),
    a(105, "Gudang", "2026-01-10", "2026-01-14", { parent_id: 101 }),
    a(107, "Pembersihan lahan", "2026-01-21", "2026-01-25", { parent_id: 101 }),
  ];
  const result = compareVersions(baseline, current);

  it("lists moved activities with start and end deltas in days, in the current order", () => {
    expect(result.moved.map((m) => [m.key, m.baseline.id, m.current.id, m.startDelta, m.endDelta])).toEqual([
      ["code:1", 1, 101, 0, 5],
      ["code:1.1", 2, 102, 3, 5],
      ["path:Persiapan / Gudang", 5, 105, -2, 0],
    ]);
    expect(result.unchanged).toBe(1);
  });

  it("lists added and removed activities", () => {
    expect(result.added.map((x) => x.id)).toEqual([107]);
    expect(result.removed.map((x) => x.id)).toEqual([4, 6]);
  });

  it("gives each current activity its baseline dates for ghost bars", () => {
    expect(result.baselineOf.get(102)).toEqual({ start_date: "2026-01-05", end_date: "2026-01-09" });
    expect(result.baselineOf.has(107)).toBe(false);
    expect(result.baselineOf.size).toBe(4);
  });

  it("numbers repeated keys in plan order so duplicates pair up", () => {
    const keys = activityKeys([a(1, "Cor", "2026-01-01", "2026-01-01"), a(2, "Cor", "2026-01-02", "2026-01-02"), a(3, " Cor ", "2026-01-03", "2026-01-03", { code: " " })]);
    expect([...keys.values()]).toEqual(["path:Cor", "path:Cor#2", "path:Cor#3"]);
    const moved = compareVersions(
      [a(1, "Cor", "2026-01-01", "2026-01-01"), a(2, "Cor", "2026-01-05", "2026-01-05")],
      [a(8, "Cor", "2026-01-01", "2026-01-01"), a(9, "Cor", "2026-01-06", "2026-01-06")],
    );
    expect(moved.moved.map((m) => [m.baseline.id, m.current.id, m.startDelta])).toEqual([[2, 9, 1]]);
  });

  it("two identical versions have nothing moved, added or removed", () => {
    const same = compareVersions(
      baseline,
      baseline.map((x) => ({ ...x, id: x.id + 50, parent_id: x.parent_id && x.parent_id + 50 })),
    );
    expect([same.moved.length, same.added.length, same.removed.length, same.unchanged]).toEqual([0, 0, 0, 6]);
  });
});
