// An entry's before → after, one line per changed field: its label, the old value struck through
// and the new one, in the theme's colours (a create shows only the new values, a delete the old).
import { theme } from "antd";
import type { Change } from "../model/changes";

export function ChangesCell({ changes }: { changes: readonly Change[] }) {
  const { token } = theme.useToken();
  if (changes.length === 0) return <span>-</span>;
  return (
    <ul style={{ margin: 0, padding: 0, listStyle: "none", minWidth: 240, maxWidth: 520 }}>
      {changes.map((c) => (
        <li key={c.field} data-field={c.field}>
          <span style={{ color: token.colorTextSecondary }}>{c.label}: </span>
          {c.before !== null ? <del style={{ color: c.after !== null ? token.colorError : undefined }}>{c.before}</del> : null}
          {c.before !== null && c.after !== null ? " → " : null}
          {c.after !== null ? <ins style={{ color: c.before !== null ? token.colorSuccessText : undefined, textDecoration: "none" }}>{c.after}</ins> : null}
        </li>
      ))}
    </ul>
  );
}
