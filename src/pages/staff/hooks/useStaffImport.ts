// The import's steps: a CSV file read and checked by the server (import-preview: nothing stored),
// then the rows without errors imported (import) and their people invited.
import { useState } from "react";
import { useInvalidate } from "@refinedev/core";
import type { ResolvedField } from "../../../../declaration";
import { useNotify } from "../../../crud/useNotify";
import { useOperationMutation, type AnswerOf } from "../../../providers/operations";
import { importItems, parseCsv, type ParsedImport, type Translate } from "../model/csvImport";

/** The file's text (FileReader: what every browser, and the test DOM, has). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsText(file);
  });

export type Preview = AnswerOf<"human-resource", "importPreview">;

export interface ImportState {
  file: string;
  parsed: ParsedImport;
  preview: Preview;
}

export function useStaffImport(fields: readonly ResolvedField[], label: (f: ResolvedField) => string, t: Translate) {
  const notify = useNotify();
  const invalidate = useInvalidate();
  const check = useOperationMutation("human-resource", "importPreview");
  const store = useOperationMutation("human-resource", "import");
  const [state, setState] = useState<ImportState | null>(null);

  const read = async (file: File) => {
    try {
      const parsed = importItems(await parseCsv(await readText(file)), fields, label, t);
      if (parsed.items.length === 0) {
        notify.info(t("staff.import.empty"));
        setState(null);
        return;
      }
      const preview = await check.run({ payload: { items: parsed.items } });
      setState({ file: file.name, parsed, preview });
    } catch (e) {
      notify.failed("loadFailed", e);
    }
  };

  /** Imports the rows without errors; true when done. */
  const importValid = async (): Promise<boolean> => {
    if (!state) return false;
    const good = state.preview.rows.filter((r) => Object.keys(r.errors).length === 0).map((r) => state.parsed.items[r.row]);
    if (good.length === 0) return false;
    try {
      const done = await store.run({ payload: { items: good } });
      notify.info(t("staff.import.done", { count: done.created }));
      await invalidate({ resource: "human-resource", invalidates: ["list"] });
      setState(null);
      return true;
    } catch (e) {
      notify.failed("saveFailed", e);
      return false;
    }
  };

  return { state, read, importValid, reset: () => setState(null), checking: check.mutation.isPending, importing: store.mutation.isPending };
}
