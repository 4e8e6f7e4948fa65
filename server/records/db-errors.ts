// Recognizes a unique-index violation from either driver and names the field it concerns, so a
// race past the pre-check still answers 409 with `errors: { field }` (never a 500).

export function uniqueViolationColumns(err: unknown): string[] | null {
  const e = err as { code?: string; message?: string; detail?: string };
  if (!e || typeof e !== "object") return null;
  // better-sqlite3: "UNIQUE constraint failed: users.company_id, users.email"
  if (e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    const m = /constraint failed: (.+)$/.exec(e.message ?? "");
    return m ? m[1].split(",").map((s) => s.trim().split(".").pop()!) : [];
  }
  // pg: code 23505, detail "Key (company_id, email)=(1, a@b.c) already exists."
  if (e.code === "23505") {
    const m = /Key \(([^)]+)\)=/.exec(e.detail ?? "");
    return m ? m[1].split(",").map((s) => s.trim().replace(/^"|"$/g, "")) : [];
  }
  return null;
}

export function uniqueViolationField(err: unknown): string | null | undefined {
  const cols = uniqueViolationColumns(err);
  if (cols === null) return undefined; // not a unique violation
  return cols.filter((c) => c !== "company_id").pop() ?? null;
}
