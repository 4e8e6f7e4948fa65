// Leaving a form with typed, unsaved values asks first (the shell's UnsavedChangesNotifier, in the
// user's language); staying keeps the values, an untouched form leaves without asking.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import App from "../../src/App";
import { loadAllTexts, loadLanguage } from "../../src/i18n";
import { ok, recordApi } from "./support/apiRecorder";
import { menu, signIn } from "./support/session";
import { LOAD } from "./support/waits";

const EN = "Are you sure you want to leave? You have unsaved changes.";
const ID = "Yakin ingin meninggalkan halaman ini? Ada perubahan yang belum disimpan.";

const openCreate = async () => {
  signIn([menu(1, "masterData"), menu(2, "divisi", 1)]);
  recordApi({ "POST /api/divisi/search": ok([], { recordsTotal: 0, recordsFiltered: 0 }) });
  window.location.hash = "#/divisi/create";
  render(<App />);
  const name = await screen.findByRole("textbox", { name: /Name|Nama/ }, LOAD);
  // The form is ready (its initial values set) once Save shows.
  await screen.findByRole("button", { name: /Save|Simpan/ }, LOAD);
  return name;
};

/** Types into the form's Name as it is now (the page may have re-rendered since it loaded). */
const typeName = async (value: string) => {
  fireEvent.change(screen.getByRole("textbox", { name: /Name|Nama/ }), { target: { value } });
  await waitFor(() => expect(screen.getByRole("textbox", { name: /Name|Nama/ })).toHaveValue(value));
};

afterEach(async () => {
  window.location.hash = "";
  localStorage.setItem("lang", "en");
  await loadLanguage("en");
  vi.restoreAllMocks();
});

describe("unsaved changes", () => {
  it("asks before leaving a form with typed values; 'stay' keeps them", async () => {
    await openCreate();
    await typeName("Survey");
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    fireEvent.click(screen.getByRole("link", { name: "Divisions" }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(EN));
    expect(window.location.hash).toBe("#/divisi/create");
    expect(screen.getByRole("textbox", { name: /Name/ })).toHaveValue("Survey");
    // Leaving after all: the list.
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole("link", { name: "Divisions" }));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/divisi(\?|$)/));
  });

  it("leaves an untouched form without asking", async () => {
    await openCreate();
    const confirm = vi.spyOn(window, "confirm");
    fireEvent.click(screen.getByRole("link", { name: "Divisions" }));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/divisi(\?|$)/));
    expect(confirm).not.toHaveBeenCalled();
  });

  it("asks in Indonesian", async () => {
    // As after the language switch's reload: the stored language, its texts loaded.
    localStorage.setItem("lang", "id");
    await loadLanguage("id");
    await loadAllTexts("id");
    await openCreate();
    await typeName("Survei");
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    fireEvent.click(await screen.findByRole("link", { name: "Divisi" }, LOAD));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(ID));
  });
});
