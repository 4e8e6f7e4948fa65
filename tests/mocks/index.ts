// The contract mock: `createContractMock()` gives msw handlers, an in-memory `db` and a request
// `log`; `installContractMock(server)` puts them on an msw server (the web suite's one).
export * from "./db";
export * from "./handlers";
export * from "./menus";
export * from "./server";
