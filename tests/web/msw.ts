// The one msw server of the web suite. Tests add handlers with server.use(...); the setup file
// starts it, resets handlers after each test and closes it at the end. Unhandled requests fail.
import { setupServer } from "msw/node";

export const server = setupServer();
