// Positions and device keys (docs/api.md "Field capture"):
// - waypoint add-batch: the field page's positions, the actor's own only (1-1000 points, each
//   checked, within the last 7 days and at most 2 minutes ahead), a point already stored for its
//   time skipped: { stored, skipped }.
// - device-key add: a key for a tracking app, answered once (`key`); the record keeps only its
//   SHA-256 and first characters. search and delete (revoke) are the generic ones: the row rule
//   (rowVisibility person) shows a worker their own keys, an admin the company's.
// - project time-zones: the zone of every project whose zone is not the company's, for the web
//   app to show each row's times in its site's zone.
import { notNull } from "../db/conditions";
import { sha256 } from "../auth/tokens";
import { badRequest, type FieldErrors } from "../http/errors";
import { companyActor, companyZone, PROJECTS } from "../field/capture";
import { DEVICE_KEYS, KEY_PREFIX_LENGTH, newDeviceKey } from "../field/device-keys";
import { KNOWN_DEVICE_KEYS } from "../http/known-credentials";
import { pointOf, storePoints, type Point } from "../field/points";
import { watchInBackground } from "../events/position-watch";
import { MAX_POINTS } from "../field/rules";
import { positionsOf } from "../events/publish";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "../../declaration";
import { registerCustom } from "../routes/custom-registry";
import { isEmpty } from "../validation/fields";

registerCustom("waypoint", "addBatch", async (ctx) => {
  const actor = companyActor(ctx.actor);
  const now = Date.now();
  const body = ctx.body && typeof ctx.body === "object" && !Array.isArray(ctx.body) ? (ctx.body as Record<string, unknown>) : null;
  if (!body) throw badRequest({ body: { key: "bad_request" } });
  if (body.user_id !== undefined && !isEmpty(body.user_id) && Number(body.user_id) !== actor.userId) throw badRequest({ user_id: { key: "only_self" } });
  const raw = body.points;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_POINTS) throw badRequest({ points: { key: "list_required", params: { max: MAX_POINTS } } });
  const errors: FieldErrors = {};
  const points: Point[] = [];
  raw.forEach((p, i) => {
    if (
      p &&
      typeof p === "object" &&
      !Array.isArray(p) &&
      "user_id" in p &&
      !isEmpty((p as Record<string, unknown>).user_id) &&
      Number((p as Record<string, unknown>).user_id) !== actor.userId
    )
      errors[`points.${i}.user_id`] = { key: "only_self" };
    const one = pointOf(p, now, `points.${i}.`);
    if ("errors" in one) Object.assign(errors, one.errors);
    else points.push(one.point);
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  const owner = { userId: actor.userId, companyId: actor.companyId };
  const result = await storePoints(ctx.db, owner, points);
  if (result.stored) {
    positionsOf(ctx.services.events).add(owner, points);
    // Geofence, no movement, low battery (server/events/position-watch.ts); never fails the answer.
    await watchInBackground(ctx.db, ctx.services.events, owner, points, (err) => ctx.req.log.error({ err }, "position checks failed"));
  }
  return result;
});

registerCustom("device-key", "add", async (ctx) => {
  companyActor(ctx.actor);
  const body = ctx.body === undefined || ctx.body === null ? {} : ctx.body;
  if (typeof body !== "object" || Array.isArray(body)) throw badRequest({ body: { key: "bad_request" } });
  const { name, time_zone } = body as Record<string, unknown>;
  const key = newDeviceKey();
  // user_id is the owner field (the actor); the hash is set here, never from a body nor hashed again.
  const values = { ...(name === undefined ? {} : { name }), ...(time_zone === undefined ? {} : { time_zone }) };
  const row = await ctx.store.prepareCreate(DEVICE_KEYS, values, { extra: { key_prefix: key.slice(0, KEY_PREFIX_LENGTH) } });
  row.key_hash = sha256(key);
  const id = await ctx.store.insertRow(DEVICE_KEYS, row);
  // Its positions count on the key's own limit from the first (server/field/osmand-routes.ts).
  KNOWN_DEVICE_KEYS.note(row.key_hash, Number.POSITIVE_INFINITY);
  return { ...(await ctx.store.getById(DEVICE_KEYS, id)), key };
});

registerCustom("project", "timeZones", async (ctx) => {
  const companyId = ctx.actor.companyId;
  if (companyId === null) return { company: DEFAULT_TIME_ZONE, projects: {} };
  const company = await companyZone(ctx.db, companyId);
  const rows = await ctx.store.rows(PROJECTS, [notNull("time_zone")]);
  const projects: Record<string, string> = {};
  for (const p of rows) {
    const zone = canonicalTimeZone(p.time_zone);
    if (zone && zone !== company) projects[String(p.id)] = zone;
  }
  return { company, projects };
});
