// Which sources fill a chunk: minified bytes per package (or per file with "files"), from source maps.
// Usage: npx vite build --sourcemap --outDir /tmp/fw-dist && node bench/chunk-sources.mjs /tmp/fw-dist/assets "^Shell-" [pkgs|files] [top]
import { createRequire } from "node:module";
import { readFileSync, readdirSync } from "node:fs";
const require = createRequire(new URL("../package.json", import.meta.url));
const { SourceMapConsumer } = require("source-map-js");
const dir = process.argv[2];
const filter = process.argv[3] ? new RegExp(process.argv[3]) : null;
const totals = new Map();
for (const f of readdirSync(dir)) {
  if (!f.endsWith(".js") || (filter && !filter.test(f))) continue;
  const code = readFileSync(`${dir}/${f}`, "utf8");
  let map;
  try {
    map = JSON.parse(readFileSync(`${dir}/${f}.map`, "utf8"));
  } catch {
    continue;
  }
  const c = new SourceMapConsumer(map);
  const lines = code.split("\n");
  const ms = [];
  c.eachMapping((m) => ms.push(m));
  ms.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i],
      n = ms[i + 1];
    const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : lines[m.generatedLine - 1].length;
    let src = (m.source || "?").replace(/.*node_modules\//, "nm:");
    src = src.replace(/^nm:(@[^/]+\/[^/]+|[^/]+)\/.*/, "nm:$1");
    if (process.argv[4] === "files") src = (m.source || "?").replace(/.*node_modules\//, "");
    totals.set(src, (totals.get(src) || 0) + (end - m.generatedColumn));
  }
}
const sorted = [...totals].sort((a, b) => b[1] - a[1]);
let sum = 0;
for (const [, v] of sorted) sum += v;
console.log("total min bytes", sum);
for (const [k, v] of sorted.slice(0, +process.argv[5] || 40)) console.log(String((v / 1024).toFixed(1)).padStart(8), "KB", k);
