// What a mock handler of a declared operation gets (the mock's OpContext, server/routes/context.ts)
// and what it returns: the answer's data (wrapped as { status: true, data }), a MockAnswer (data
// with counts or a message beside it), or a Response it made itself (an image's bytes).
import type { OperationAction, ResolvedOperation, ResolvedResource } from "../../declaration";
import type { Lang } from "../../server/i18n/messages";
import type { MockDb, Row } from "./db";
import type { MockMenu } from "./menus";
import type { RowScopes } from "./rowScope";
import type { KeptCounts } from "./search";
import type { MockUser } from "./handlers";
import type { TwoFactorMock } from "./twoFactor";

export class MockAnswer {
  constructor(
    readonly data: unknown,
    readonly extra: Record<string, unknown> = {},
  ) {}
}

export interface MockContext {
  db: MockDb;
  r: ResolvedResource;
  op: ResolvedOperation;
  /** Path parameters by name. */
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body (an object, else {}), or the multipart fields (files as their stored names). */
  payload: Row;
  /** A multipart body: its fields arrive as text (validated loosely). */
  multipart: boolean;
  /** What the server learns from uploaded files (stored name, original name, type, size) by field. */
  stored: Row;
  /** The same, file by file (a multiple upload). */
  files: Row[];
  lang: Lang;
  /** The signed-in user (a test's stored token: the first user). */
  actor: MockUser;
  menus: MockMenu[];
  rowScopes: RowScopes;
  keptCounts: KeptCounts;
  /** The company's rows of the resource (every row of a platform one). */
  tenant(): Row[];
  /** The rows the actor may see: the tenant's, within their row scope (rowVisibility). */
  rows(): Row[];
  /** Another resource's rows the actor may see, as the server's store.rows reads them (its company's, within the row scope). */
  rowsOf(resource: ResolvedResource): Row[];
  /** Whether a row matches the path parameters. */
  byParams(row: Row): boolean;
  /** Whether the actor holds `action` on a menu (a resource's `access`; default: this resource's). */
  holds(right: { menu?: string; action: OperationAction }): boolean;
  /** Ends the sessions of a user (a person disabled). */
  endSessions(userId: number): void;
  /** The view-as sessions' tokens (they read only). */
  viewAsTokens: Set<string>;
  twoFactor: TwoFactorMock;
}

export type MockHandler = (ctx: MockContext) => unknown;
