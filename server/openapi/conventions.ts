// The conventions every operation of the OpenAPI document shares, said once (its info.description,
// Markdown): the envelope, the errors, the token and rights, search and paging. The paths refer to
// them (SearchBody, Envelope, Error, the responses of components) instead of repeating them;
// docs/api.md is the full prose.
import { LIMITS } from "../http/limits";
import { DEFAULT_MAX_PAGE } from "../records/page-window";

const n = (x: number) => x.toLocaleString("en-US");

export const CONVENTIONS = `Made from the declaration (\`resources.config.ts\`) by the server that answers it; docs/api.md is the reference in prose. The page \`/api/docs\` renders this document.

## Sign-in and rights
\`POST /api/login\` answers a token; send it as \`Authorization: Bearer <token>\`. Each operation states the right it needs (\`x-right\`: the text and the resolved right) and whether it writes (\`x-writes\`). A session that may only read (viewing as a role, a company past its subscription) is refused every write with 409 \`read_only\`. Records of another company answer 404, as if they did not exist.

## Answers: the envelope
Every JSON answer is \`{ "status": true, "message"?, "data", "recordsTotal"?, "recordsFiltered"?, "estimated"? }\` (schema \`Envelope\`): \`data\` is the record, the list or \`null\`; \`message\` is text for people in the request's language (\`Accept-Language: en\` or \`id\`).

## Errors
A failure is \`{ "status": false, "key", "message", "errors"?, "details"? }\` (schema \`Error\`, the responses of \`components.responses\`). \`key\` is stable: decide by it, never by \`message\`. \`errors\` names the fields a 400 or 409 is about, as paths (\`items.2.user_id\`, \`paging.start\`, \`columns\`). 400 bad input, 401 no or a dead token, 403 the role may not, 404 no such record (also another company's), 409 a conflict (a taken unique value, \`in_use\`, a state change not allowed, \`read_only\`), 413 too large, 415 a file type not accepted, 429 too many requests (\`Retry-After\`), 500 a server fault, 501 declared but not built.

## Search and paging
\`POST .../search\` takes the \`SearchBody\`: \`paging\` \`{ start, length }\` (an offset ≥ 0 and a page size ≥ 1, \`-1\` for all; no paging means \`{ start: 0, length: 10 }\`), \`columns\` (conditions combined with AND, at most ${LIMITS.searchColumns}: \`data\` a field of the resource, \`operator\` one of \`=\` \`!=\` \`<\` \`<=\` \`>\` \`>=\` \`like\` (contains, case-insensitive, text fields only) \`in\` (a list, at most ${n(LIMITS.inValues)} values) \`range\` (\`value\` to \`value1\`, both inclusive) \`null\` \`notnull\`; no operator means \`=\`; an empty \`value\` filters nothing) and \`orders\` \`{ columns, ascending }\` (no orders: the resource's default order; ties break on \`id\`, nulls last). The answer holds one page in \`data\`, \`recordsTotal\` (all rows of the company) and \`recordsFiltered\` (the rows matching the columns: the total to page by); \`estimated\` lists the counts that are estimates on big tables. A page holds at most the resource's cap (${n(DEFAULT_MAX_PAGE)} rows unless the resource declares another); when rows were left out \`message\` says so: page on with \`start\`. A bad body answers 400 naming \`paging.start\`, \`paging.length\`, \`columns\` or \`orders\`.

\`GET .../list\` and \`.../list-select\` answer every visible record (or \`{ value, label }\` pairs) and filter by the resource's fields in the query string: \`?status=active\`, a repeated key meaning any of its values.`;
