// How long a web test waits for what the app shows after loading a screen: the bound of every
// findBy and waitFor that follows a navigation or a render. A screen's first visit in a test
// file loads its modules through vitest's module runner (the app's routes are lazy), which takes
// seconds on a loaded machine, and longer under Node 24 than under Node 20 (the same CPU time,
// longer waits between the test worker and vitest). A bound only: the wait ends as soon as
// the screen shows. Waits without a bound of their own get 15 s (tests/web/setup.ts).
export const LOAD = { timeout: 45_000 };
