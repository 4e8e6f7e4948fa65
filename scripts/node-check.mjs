// The Node.js this project runs on: package.json's engines.node (">=24"). npm start and npm test
// stop at once with a message saying how to get it, instead of crashing later (better-sqlite3 13
// cannot load on Node 20: it needs Node-API 10).
import { readFileSync } from "node:fs";

/** The lowest major version engines.node allows. */
export function requiredMajor() {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return Number(/\d+/.exec(pkg.engines.node)[0]);
}

/** The message for `version` (e.g. "v20.20.2"), or null when it is recent enough. */
export function unsupportedNode(version = process.version, min = requiredMajor()) {
  const major = Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
  if (major >= min) return null;
  return `Fieldworks needs Node.js ${min} or newer, and this is Node.js ${version}. Run the commands through scripts/node.sh (scripts/node.sh npm ci, scripts/node.sh npm start), which installs Node.js ${min} from the npm registry into .node/ the first time, or install Node.js ${min} yourself.`;
}

/** Exits with that message on an older Node.js. */
export function requireSupportedNode() {
  const message = unsupportedNode();
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
