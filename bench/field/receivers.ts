// The outside ends of an alarm's deliveries for bench:field's live part (bench/field/live.ts): a
// real SMTP server (smtp-server, as the server tests use) and a real HTTP receiver of the signed
// webhook, both on 127.0.0.1 in the bench's process. Each notes, per alarm (panic id), when it had
// the whole message: the SMTP server when the mail's DATA ended (the moment it accepts it), the
// receiver when the POST's body ended (it then answers 200). Times are this process's
// performance.now(), the clock the bench reads the worker's answer on.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Receivers {
  smtpUrl: string;
  webhookUrl: string;
  /** Panic id → when its e-mail was accepted (the first, when several). */
  mails: Map<number, number>;
  /** Panic id → when its webhook was received (the first, when several). */
  hooks: Map<number, number>;
  /** Mails and webhooks received that named no panic (other alerts). */
  others: { mails: number; hooks: number };
  close(): Promise<void>;
}

/** The quoted-printable soft breaks and escapes of a mail undone. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The alarm a mail is about: its link to the alarm (mail text, server/events/delivery-content.ts). */
const panicOfMail = (raw: string): number | null => {
  const m = /#\/panic-button\/show\/(\d+)/.exec(plain(raw));
  return m ? Number(m[1]) : null;
};

/** The alarm a webhook is about: its body's panic_id (server/events/delivery-content.ts). */
const panicOfHook = (text: string): number | null => {
  try {
    const body = JSON.parse(text) as { panic_id?: unknown };
    return typeof body.panic_id === "number" ? body.panic_id : null;
  } catch {
    return null;
  }
};

export async function startReceivers(): Promise<Receivers> {
  const mails = new Map<number, number>();
  const hooks = new Map<number, number>();
  const others = { mails: 0, hooks: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // Its reverse DNS lookup of each connection (about 100 ms here) is the receiver's cost, not the server's.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (d: Buffer) => chunks.push(d));
      stream.on("end", () => {
        const at = performance.now();
        const id = panicOfMail(Buffer.concat(chunks).toString("utf8"));
        if (id === null) others.mails++;
        else if (!mails.has(id)) mails.set(id, at);
        done();
      });
    },
  });
  smtp.on("error", () => undefined);
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
  const receiver: Server = createServer((req, res) => {
    let text = "";
    req.on("error", () => undefined);
    res.on("error", () => undefined);
    req.on("data", (d: Buffer) => (text += d.toString("utf8")));
    req.on("end", () => {
      const at = performance.now();
      const id = panicOfHook(text);
      if (id === null) others.hooks++;
      else if (!hooks.has(id)) hooks.set(id, at);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  return {
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fieldworks-alerts`,
    mails,
    hooks,
    others,
    async close() {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
      await new Promise((r) => smtp.close(() => r(null)));
    },
  };
}
