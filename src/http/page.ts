// The browser actions the error catalogue and the language switch take, behind one object so
// tests can replace them (jsdom implements neither reload nor alert).
export const page = {
  reload(): void {
    window.location.reload();
  },
  alert(message: string): void {
    window.alert(message);
  },
};
