// Webhook addresses reach public hosts only (server/http/outbound-address.ts): the connect-time
// lookup refuses a name resolving to an internal address (a name that points at the intranet, or
// one re-pointed after it was saved), and only the hosts WEBHOOK_ALLOW_HOSTS names are exempt.
import type { LookupAddress } from "node:dns";
import { afterEach, describe, expect, it } from "vitest";
import { allowOutboundHosts, isPublicAddress, OutboundRefused, outboundProblem, publicLookup } from "../../server/http/outbound-address";

/** A resolver answering `answers` for every name. */
const resolving =
  (...answers: string[]) =>
  (_host: string, _o: unknown, cb: (err: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) =>
    cb(
      null,
      answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    );

const lookupWith = (resolver: ReturnType<typeof resolving>, all: boolean) =>
  new Promise<{ err: Error | null; address: unknown }>((done) => publicLookup(resolver)("hooks.example.com", { all }, (err, address) => done({ err, address })));

afterEach(() => allowOutboundHosts([]));

describe("the connect-time lookup", () => {
  it("refuses a name resolving to a private, loopback or metadata address, even among public ones", async () => {
    for (const answers of [["10.1.2.3"], ["127.0.0.1"], ["169.254.169.254"], ["::1"], ["93.184.216.34", "192.168.0.5"], ["::ffff:172.16.0.9"]]) {
      const { err } = await lookupWith(resolving(...answers), true);
      expect(err, answers.join()).toBeInstanceOf(OutboundRefused);
      expect(err?.message).toMatch(/local or private address: not sent/);
    }
  });

  it("answers the public addresses as the connection asks for them (one, or all)", async () => {
    expect(await lookupWith(resolving("93.184.216.34", "2606:2800:220:1::1"), true)).toEqual({
      err: null,
      address: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:2800:220:1::1", family: 6 },
      ],
    });
    expect(await lookupWith(resolving("93.184.216.34"), false)).toEqual({ err: null, address: "93.184.216.34" });
  });
});

describe("the address as written", () => {
  it("tells public unicast from internal addresses", () => {
    for (const a of ["8.8.8.8", "93.184.216.34", "2606:4700::1111"]) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "224.0.0.1",
      "::",
      "::1",
      "fc00::1",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "not an ip",
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it("exempts only the hosts (and ports) WEBHOOK_ALLOW_HOSTS names", () => {
    allowOutboundHosts(["127.0.0.1:8080", "gateway.lan", "[::1]:9000"]);
    expect(outboundProblem("http://127.0.0.1:8080/hook")).toBeNull();
    expect(outboundProblem("http://127.0.0.1:8081/hook")).toBe("url_internal");
    expect(outboundProblem("http://gateway.lan:1234/")).toBeNull();
    expect(outboundProblem("http://[::1]:9000/")).toBeNull();
    expect(outboundProblem("http://[::1]:9001/")).toBe("url_internal");
    // Credentials stay refused on an allowed host.
    expect(outboundProblem("http://u:p@127.0.0.1:8080/")).toBe("url_credentials");
    allowOutboundHosts([]);
    expect(outboundProblem("http://127.0.0.1:8080/hook")).toBe("url_internal");
    expect(outboundProblem("https://hooks.example.com/x")).toBeNull();
  });
});
