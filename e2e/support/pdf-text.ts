import { inflateSync } from 'node:zlib';

// The text a PDF shows, well enough for a journey to find a name in it: each content stream
// (inflated when FlateDecode) is searched for its text operators (Tj, TJ) and their strings, hex
// (<48656c6c6f>, as pdfkit writes its standard fonts' text) or literal ((Hello)), decoded as
// Latin-1 (WinAnsi). Each text operation ends a word, so a name split by kerning comes out whole.

function decodeLiteral(s: string): string {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_m, e: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return map[e] ?? String.fromCharCode(parseInt(e, 8));
  });
}

function stringsOf(op: string): string {
  let out = '';
  for (const m of op.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
    if (m[1] !== undefined) out += Buffer.from(m[1].replace(/\s/g, ''), 'hex').toString('latin1');
    else out += decodeLiteral(m[2]!);
  }
  return out;
}

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/(\[(?:[^\]]*)\]\s*TJ|(?:<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj)/g)) parts.push(stringsOf(op[0]));
  }
  return parts.join(' ');
}
