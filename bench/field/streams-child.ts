// The stream clients of bench:field's live part (bench/field/live.ts), in their own process so
// they do not share the server's memory or event loop: opens `streams` GET /api/events streams
// (node:http, one socket each), prints "open" once every one said hello, then the time
// (Date.now()) each stream received the first `panic` event, as one JSON line, and exits.
import { Agent, request } from "node:http";

interface Config {
  base: string;
  token: string;
  streams: number;
}

const cfg = JSON.parse(process.argv[2]) as Config;
const agent = new Agent({ keepAlive: false, maxSockets: cfg.streams + 8 });
const received: number[] = [];
let hellos = 0;
let failures = 0;

function open(): void {
  const req = request(`${cfg.base}/api/events`, { headers: { authorization: `Bearer ${cfg.token}`, accept: "text/event-stream" }, agent }, (res) => {
    if (res.statusCode !== 200) {
      failures++;
      res.resume();
      return;
    }
    let buf = "";
    let got = false;
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buf += chunk;
      if (!got && buf.includes("event: hello")) {
        got = true;
        if (++hellos + failures === cfg.streams) console.log("open " + JSON.stringify({ hellos, failures }));
        buf = "";
      }
      if (buf.includes("event: panic")) {
        received.push(Date.now());
        res.destroy();
        if (received.length === hellos) {
          console.log(JSON.stringify({ received }));
          process.exit(0);
        }
      }
      if (buf.length > 100_000) buf = buf.slice(-1000);
    });
  });
  req.on("error", () => failures++);
  req.end();
}

for (let i = 0; i < cfg.streams; i++) open();
