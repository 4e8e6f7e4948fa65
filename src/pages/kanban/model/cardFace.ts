// What a card shows besides its title: the assignee's initials and whether it is overdue.

/** Initials for the assignee's avatar ("Wawan Worker" → "WW"). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** Overdue: due before today (local calendar day) and not done. Dates are "YYYY-MM-DD". */
export function isOverdue(dueDate: string | null | undefined, status: string, today: Date = new Date()): boolean {
  if (!dueDate || status === "done") return false;
  const pad = (n: number) => String(n).padStart(2, "0");
  const todayIso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return dueDate.slice(0, 10) < todayIso;
}
