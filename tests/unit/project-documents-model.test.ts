// The documents tab's pure rules: sizes in words per language, which files preview, which of a
// batch fit the free storage (in order), and the folder tree with the project's top level first.
import { describe, expect, it } from "vitest";
import { formatBytes, freeBytes, previewKind, splitByQuota } from "../../src/pages/project/tabs/documents/model/files";
import { filesOf, folderIdOf, ROOT_KEY, treeNodes, type Folder } from "../../src/pages/project/tabs/documents/model/folders";

describe("formatBytes", () => {
  it("bytes whole, then binary multiples with one decimal in the language's format", () => {
    expect(formatBytes(900)).toBe("900 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(1536, "id")).toBe("1,5 KB");
    expect(formatBytes(50 * 1024 ** 3)).toBe("50.0 GB");
    expect(formatBytes("x")).toBe("-");
    expect(formatBytes(-1)).toBe("-");
  });
});

describe("previewKind", () => {
  it("images and PDFs preview; other types download", () => {
    expect(previewKind("image/png")).toBe("image");
    expect(previewKind("IMAGE/JPEG")).toBe("image");
    expect(previewKind("application/pdf")).toBe("pdf");
    expect(previewKind("image/vnd.dwg")).toBeNull();
    expect(previewKind("text/csv")).toBeNull();
  });
});

describe("splitByQuota", () => {
  const f = (size: number) => ({ size });
  it("takes files in order while they fit what is left; no quota takes all", () => {
    expect(splitByQuota([f(60), f(50), f(30)], 100)).toEqual({ fits: [f(60), f(30)], over: [f(50)] });
    expect(splitByQuota([f(60), f(50)], null)).toEqual({ fits: [f(60), f(50)], over: [] });
    expect(splitByQuota([f(1)], 0)).toEqual({ fits: [], over: [f(1)] });
  });
  it("free bytes: the quota less the use, never below zero; null without a quota", () => {
    expect(freeBytes({ used_bytes: 900, quota_bytes: 1000 })).toBe(100);
    expect(freeBytes({ used_bytes: 1200, quota_bytes: 1000 })).toBe(0);
    expect(freeBytes({ used_bytes: 5, quota_bytes: null })).toBeNull();
    expect(freeBytes(undefined)).toBeNull();
  });
});

describe("the folder tree", () => {
  const doc = (id: number) => ({ id, name: `d${id}` });
  const tree = [
    { id: null, name: null, children: [], documents: [doc(1)] },
    { id: 4, name: "Drawings", children: [{ id: 5, name: "MEP", children: [], documents: [doc(2), doc(3)] }], documents: [] },
  ] as unknown as Folder[];
  it("puts the project's top level first, with the folders below it and their file counts", () => {
    expect(treeNodes(tree, "Project files")).toEqual([
      {
        key: ROOT_KEY,
        title: "Project files",
        count: 1,
        children: [{ key: "4", title: "Drawings", count: 0, children: [{ key: "5", title: "MEP", count: 2, children: [] }] }],
      },
    ]);
  });
  it("finds a nested folder's files; the top level uploads with folder_id null", () => {
    expect(filesOf(tree, "5").map((d) => d.id)).toEqual([2, 3]);
    expect(filesOf(tree, ROOT_KEY).map((d) => d.id)).toEqual([1]);
    expect(filesOf(tree, "99")).toEqual([]);
    expect(folderIdOf(ROOT_KEY)).toBeNull();
    expect(folderIdOf("5")).toBe(5);
  });
});
