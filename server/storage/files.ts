// Where uploaded and seeded files live: DATA_DIR/files/<folder>/<name>, names made by the
// server. One small interface so an object store can replace the local disk later.
import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export interface FileStorage {
  write(folder: string, name: string, content: Uint8Array): Promise<void>;
  /** Takes the file at `from` (an upload's temporary file) as folder/name; `from` is gone afterwards. */
  moveIn(folder: string, name: string, from: string): Promise<void>;
  read(folder: string, name: string): Promise<Buffer | null>;
  remove(folder: string, name: string): Promise<void>;
  /** Local path (for streaming with @fastify/static's sendFile or fs streams). */
  pathOf(folder: string, name: string): string;
}

export function localFileStorage(dataDir: string): FileStorage {
  const root = join(dataDir, "files");
  const pathOf = (folder: string, name: string) => {
    if (!SEGMENT.test(folder) || !SEGMENT.test(name) || name.includes("..")) throw new Error("bad stored file name");
    return join(root, folder, name);
  };
  return {
    pathOf,
    async write(folder, name, content) {
      const p = pathOf(folder, name);
      await mkdir(join(root, folder), { recursive: true });
      await writeFile(p, content);
    },
    async moveIn(folder, name, from) {
      const p = pathOf(folder, name);
      await mkdir(join(root, folder), { recursive: true });
      try {
        await rename(from, p);
      } catch (e) {
        // DATA_DIR/tmp on another file system than DATA_DIR/files (a mount): copied instead.
        if ((e as NodeJS.ErrnoException).code !== "EXDEV") throw e;
        await copyFile(from, p);
        await rm(from, { force: true });
      }
    },
    async read(folder, name) {
      try {
        return await readFile(pathOf(folder, name));
      } catch {
        return null;
      }
    },
    async remove(folder, name) {
      await rm(pathOf(folder, name), { force: true });
    },
  };
}
