// control-monitoring POST search: one row per active staff member of the company for a day
// (column `date`, `=`; default today in WIB; `range` gives a row per day, at most 31 days):
// { user_id, name, date, presence_status, clock_in, clock_out, last_seen, waypoint_count,
//   distance_km, project_id, role_id, division_id } with user_id_label. Staff without a presence
// record that day have presence_status null (not clocked in, nothing recorded). Only the people
// the actor may see (rowVisibility: themselves, their projects' people, or the company's).
// Filters and orders on the declared fields, paging as any search. The track figures cost a
// query: computed for the answered page only, unless the body filters or sorts by them.
import { resourceByName } from "../../declaration";
import { registerCustom } from "../routes/custom-registry";
import { asPage, bodyOf, searchRows, takeColumns } from "../records/computed-search";
import { TRACK_FIELDS, dailyRows, daysOf, fillTracks, staffOf } from "../monitoring/daily";

const CONTROL = resourceByName("control-monitoring");

registerCustom("control-monitoring", "search", async (ctx) => {
  const { taken, rest } = takeColumns(bodyOf(ctx.body), ["date"]);
  const days = daysOf(taken);
  // The people the actor may see (the row rule of control-monitoring); their presence and
  // tracks are then read within those resources' own rules.
  const rows = await dailyRows(ctx.store, await staffOf(ctx.store, (await ctx.store.people(CONTROL)) ?? undefined), days);
  const dialect = ctx.services.handle.dialect;
  return asPage(
    await searchRows(CONTROL, rows, rest, {
      defaultOrder: [
        { column: "date", direction: "desc" },
        { column: "name", direction: "asc" },
        { column: "user_id", direction: "asc" },
      ],
      lazy: { fields: TRACK_FIELDS, fill: (page) => fillTracks(ctx.store, dialect, page) },
      labels: { db: ctx.db, actor: ctx.actor },
      lang: ctx.lang,
    }),
  );
});
