// The spec's 'all' rule for selected project ids.

export const ALL_MARKER = "all";

/** If an 'all' entry is present only the entries after it are kept; otherwise the list as given, or empty. */
export function normalizeSelectedProjectIds(ids: readonly (string | number)[] | null | undefined): (string | number)[] {
  if (!ids) return [];
  const at = ids.indexOf(ALL_MARKER);
  return at >= 0 ? ids.slice(at + 1) : [...ids];
}
