// GET /api/session (beyond the spec): the signed-in session as the login answer says it, without
// a token (server/auth/session-answer.ts). Every authenticated answer carries `X-Rights` (a hash
// of the session's menus and rights, server/auth/rights-stamp.ts): when it differs from the one the
// web app holds, the app asks this again, so users of a changed role get the new menus at their
// next request, without signing in again.
import { registerRoutes } from "../routes/custom-registry";
import { RIGHTS_HEADER, rightsStamp } from "./rights-stamp";
import { actorOfRequest, authenticate } from "./tokens";
import { sessionAnswer } from "./session-answer";

registerRoutes((app, { db }) => {
  app.addHook("onSend", async (req, reply, payload) => {
    const actor = actorOfRequest.get(req);
    if (actor && !reply.hasHeader(RIGHTS_HEADER)) {
      try {
        reply.header(RIGHTS_HEADER, await rightsStamp(db, actor));
      } catch (e) {
        // A stamp is a hint: its failure must not fail the answer.
        req.log.warn({ err: e }, "rights stamp failed");
      }
    }
    return payload;
  });
  app.get("/api/session", async (req) => {
    const actor = await authenticate(db, req);
    return { status: true, data: await sessionAnswer(db, actor) };
  });
});
