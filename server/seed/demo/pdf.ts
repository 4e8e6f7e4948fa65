// A minimal one-page PDF (Helvetica, WinAnsi) so the demo documents open in any viewer.

/** PDF text strings are bytes: keep Latin-1, escape the delimiters, replace the rest. */
function pdfString(s: string): string {
  return s
    .replace(/[–—]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?")
    .replace(/([\\()])/g, "\\$1");
}

const latin1 = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/** A page with a bold title, a subtitle and lines of text (A4, top to bottom). */
export function pdfDocument(title: string, subtitle: string, lines: readonly string[]): Uint8Array {
  const ops: string[] = ["BT", "/F2 16 Tf", "50 790 Td", `(${pdfString(title)}) Tj`, "/F1 10 Tf", "0 -20 Td", `(${pdfString(subtitle)}) Tj`, "0 -28 Td", "14 TL"];
  for (const line of lines) ops.push(`(${pdfString(line)}) '`);
  ops.push("ET");
  const stream = ops.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
    `<< /Length ${latin1(stream).length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(out);
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
