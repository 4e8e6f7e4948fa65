// Puts the contract mock on an msw server (the web suite's one server: tests/web/msw.ts).
// Call it per test: the suite resets handlers after each test.
import type { SetupServer } from "msw/node";
import { createContractMock, type ContractMock, type ContractMockOptions } from "./handlers";

export interface InstalledContractMock extends ContractMock {
  /** Forget the requests logged so far (the db stays). */
  clearLog(): void;
}

export function installContractMock(server: SetupServer, opts: ContractMockOptions = {}): InstalledContractMock {
  const mock = createContractMock(opts);
  server.use(...mock.handlers);
  return { ...mock, clearLog: () => void mock.log.splice(0, mock.log.length) };
}
