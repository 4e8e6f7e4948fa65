// The file parts of multipart operations: which form fields take a file, how many, of which
// types. Declared per operation (CustomOperationDecl.files; the standard `upload` and
// `multiple-upload` get theirs from declaration/operations.ts and the resource's image or file
// field). The server refuses any other file part as it streams in (server/storage/uploads.ts);
// the contract mock (tests/mocks) refuses the same; the web app sets its file inputs from it.

/** One form field that takes files. */
export interface FileSlot {
  /** Most file parts of this name one request takes. */
  max: number;
  /**
   * Types taken, as an HTML `accept`: "image/*", "image/png,image/jpeg", ".pdf,.docx". Checked
   * against the type the server reads from the bytes (never the client's Content-Type); absent:
   * whatever the operation's own rules take.
   */
  accept?: string;
}

/** Form field → what it takes. */
export type FileSlots = Readonly<Record<string, FileSlot>>;

/** Why a file part is refused: a field that takes no file, or one file too many. */
export type FilePartRefusal = { key: "unexpected_file" } | { key: "too_many_files"; params: { max: number } };

/** The file parts one multiple-upload takes. */
export const MULTIPLE_UPLOAD_MAX = 20;

/** Why the `nth` (1-based) file part named `field` of a request is refused, or null when it is taken. */
export function refuseFilePart(slots: FileSlots, field: string, nth: number): FilePartRefusal | null {
  const slot = Object.hasOwn(slots, field) ? slots[field] : undefined;
  if (!slot) return { key: "unexpected_file" };
  if (nth > slot.max) return { key: "too_many_files", params: { max: slot.max } };
  return null;
}

/** Most file parts of one request, all fields together. */
export const filesAtMost = (slots: FileSlots): number => Object.values(slots).reduce((n, s) => n + s.max, 0);

/**
 * Does a detected type fit an accept list? `mime` and `ext` are what the bytes say
 * ("image/png", "png"); ".pdf" entries compare with `ext`, "image/*" with the mime's kind.
 */
export function accepts(accept: string | undefined, type: { mime: string; ext: string }): boolean {
  if (!accept) return true;
  const mime = type.mime.toLowerCase();
  return accept
    .split(",")
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) => (a.startsWith(".") ? a.slice(1) === type.ext.toLowerCase() : a.endsWith("/*") ? mime.startsWith(a.slice(0, -1)) : mime === a));
}
