import { inflateSync } from 'node:zlib';

// The words of a PDF pdfkit wrote, for tests: its text operators' strings (hex, in the standard
// fonts' WinAnsi encoding, Latin-1 for Spanish). Streams are inflated when compressed.

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const data = Buffer.from(m[1]!, 'latin1');
    try {
      streams.push(inflateSync(data).toString('latin1'));
    } catch {
      streams.push(m[1]!);
    }
  }
  const lines: string[] = [];
  for (const s of streams) {
    for (const tj of s.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ/g)) {
      lines.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
