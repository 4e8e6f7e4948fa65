// Uploads in the web suite: jsdom's File and FormData through Node's Request and back, whole.
//
// The jsdom environment puts jsdom's Blob, File and FormData on the global; Request and Response
// stay Node's (undici), behind vitest's shim that turns a jsdom FormData body into a Node one.
// Node 24's undici (7) builds file entries with whatever `File` the global holds when it runs
// and then treats only Node's own File as a file, so on Node 24 (not on 20):
// - a Request made from a jsdom FormData (msw's XHR interceptor makes one for every axios
//   upload) goes through vitest's shim, which appends each file as a nameless Node Blob; undici
//   wraps that in the global File, jsdom's, whose bytes it cannot read: the part went out empty;
// - request.formData() on a multipart body builds each file with the global File and asserts it
//   is Node's: a mock reading an upload threw.
// (vitest-dev/vitest#9135, open; the same two repairs are proposed in vitest-dev/vitest#11300.)
// Here a jsdom FormData becomes a Node FormData of Node Files (bytes, name, type and
// modification time kept) before Node's Request sees it, and formData() parses with Node's File
// on the global. The app keeps jsdom's classes, as in a browser where there is one of each.
//
// setup.ts imports this before msw: msw's request class extends the global Request it finds.
import { File as NodeFile, resolveObjectURL } from "node:buffer";

const JsdomFormData = globalThis.FormData;
const JsdomFile = globalThis.File;
// Node's FormData, which the jsdom environment hides: the class of a parsed form body.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
// vitest's URL.createObjectURL copies a jsdom Blob's bytes into a Node Blob (taken here before a
// test can stub it); node:buffer resolves the URL back to that Node Blob, synchronously.
const createObjectURL = URL.createObjectURL.bind(URL);
const revokeObjectURL = URL.revokeObjectURL.bind(URL);

function toNodeFile(blob: Blob): NodeFile {
  const url = createObjectURL(blob);
  try {
    const bytes = resolveObjectURL(url);
    if (!bytes) throw new Error("tests/web/support/uploads.ts: a jsdom Blob did not resolve to its bytes");
    const file = blob instanceof JsdomFile ? blob : undefined;
    // A Blob without a name is a file named "blob" (the FormData rule).
    return new NodeFile([bytes], file?.name ?? "blob", { type: blob.type, lastModified: file?.lastModified });
  } finally {
    revokeObjectURL(url);
  }
}

function toNodeFormData(form: FormData): FormData {
  const out = new NodeFormData();
  form.forEach((value, key) => out.append(key, typeof value === "string" ? value : (toNodeFile(value) as unknown as File)));
  return out;
}

const EnvironmentRequest = globalThis.Request;
class UploadingRequest extends EnvironmentRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init?.body instanceof JsdomFormData ? { ...init, body: toNodeFormData(init.body) } : init);
  }
}
globalThis.Request = UploadingRequest;

// formData() of Node's Request and Response (clones included: they are of Node's own class,
// not the environment's): the body is read first, then parsed from a copy with Node's File on
// the global (one swap while any parse runs), jsdom's again after.
const jsdomFileProperty = Object.getOwnPropertyDescriptor(globalThis, "File")!;
let parsing = 0;
const owner = (prototype: object): Body => {
  let p = prototype;
  while (!Object.prototype.hasOwnProperty.call(p, "formData")) p = Object.getPrototypeOf(p) as object;
  return p as Body;
};
const parse = owner(Response.prototype).formData;
for (const prototype of new Set([owner(EnvironmentRequest.prototype), owner(Response.prototype)])) {
  prototype.formData = async function (this: Request | Response) {
    const copy = new Response(await this.arrayBuffer(), { headers: { "content-type": this.headers.get("content-type") ?? "" } });
    if (parsing++ === 0) Object.defineProperty(globalThis, "File", { value: NodeFile, configurable: true, writable: true });
    try {
      return await parse.call(copy);
    } finally {
      if (--parsing === 0) Object.defineProperty(globalThis, "File", jsdomFileProperty);
    }
  };
}
