// Pure facts about a person's record.
type Row = Record<string, unknown>;

/** Active unless stored off (a missing value counts as active, as the server reads it). */
export const isActiveRecord = (r: Row): boolean => !(r.is_active === false || r.is_active === 0 || r.is_active === "0" || r.is_active === "false");
