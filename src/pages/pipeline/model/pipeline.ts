// The pipeline's pure parts: contacts by stage (the declared stages in board order, then any other
// value the server answered), a contact moved to another stage (and back when the server refuses),
// and the demo request a contact asked for (the same email).
import { SALES_STAGES } from "../../../../declaration";

export interface Contact {
  id: number;
  name: string;
  status: string;
  company_name?: string | null;
  position?: string | null;
  email?: string | null;
  phone?: string | null;
  [field: string]: unknown;
}

export interface DemoRequest {
  id: number;
  email?: string | null;
  status?: string | null;
  demo_date?: string | null;
  created_at?: string | null;
}

/** The board's columns: every declared stage, even empty, then any other status a contact has. */
export function stagesOf(contacts: readonly Contact[]): string[] {
  const declared: readonly string[] = SALES_STAGES;
  const extra = [...new Set(contacts.map((c) => c.status).filter((s) => !declared.includes(s)))];
  return [...declared, ...extra];
}

/** A column's contacts, by name (the stage is all the board orders by). */
export const stageContacts = (contacts: readonly Contact[], stage: string): Contact[] =>
  contacts.filter((c) => c.status === stage).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

export interface StageMove {
  id: number;
  from: string;
  to: string;
  contacts: Contact[];
}

/** The contacts with one moved to `to`; null when it is not there or already in that stage. */
export function moveContact(contacts: readonly Contact[], id: number, to: string): StageMove | null {
  const contact = contacts.find((c) => c.id === id);
  if (!contact || contact.status === to) return null;
  return { id, from: contact.status, to, contacts: contacts.map((c) => (c.id === id ? { ...c, status: to } : c)) };
}

/** Undoes a move on the contacts as they are now (other moves since then stay). */
export const revertMove = (contacts: readonly Contact[], move: StageMove): Contact[] =>
  contacts.map((c) => (c.id === move.id && c.status === move.to ? { ...c, status: move.from } : c));

const emailKey = (email: unknown) => (typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null);

/** Each email's latest demo request (by when it was asked), to show on that contact's card. */
export function demosByEmail(demos: readonly DemoRequest[]): Map<string, DemoRequest> {
  const out = new Map<string, DemoRequest>();
  for (const d of demos) {
    const key = emailKey(d.email);
    if (!key) continue;
    const had = out.get(key);
    if (!had || String(d.created_at ?? "") > String(had.created_at ?? "")) out.set(key, d);
  }
  return out;
}

export const demoOf = (demos: ReadonlyMap<string, DemoRequest>, contact: Contact): DemoRequest | undefined => {
  const key = emailKey(contact.email);
  return key ? demos.get(key) : undefined;
};

export const contactDndId = (id: number) => `contact-${id}`;
export const stageDndId = (stage: string) => `stage-${stage}`;

/** The stage a drop lands in: a column's area, or the column of the card it is dropped on. */
export function dropStage(contacts: readonly Contact[], overId: string | number): string | null {
  const s = String(overId);
  if (s.startsWith("stage-") && s.length > 6) return s.slice(6);
  if (s.startsWith("contact-")) return contacts.find((c) => c.id === Number(s.slice(8)))?.status ?? null;
  return null;
}

export const parseContactDndId = (id: string | number): number | null => {
  const s = String(id);
  return s.startsWith("contact-") ? Number(s.slice(8)) : null;
};
