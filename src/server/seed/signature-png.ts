import { crc32, deflateSync } from 'node:zlib';

// A small drawn-looking signature as a real PNG (8-bit greyscale): a wavy stroke on white. For
// the demo's signed consents and the tests, which need an image the signing route accepts.

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A width x height PNG with a stroke whose shape `seed` varies. */
export function signaturePng(width = 300, height = 100, seed = 1): Buffer {
  const rows: Buffer[] = [];
  const stroke = (x: number) => height / 2 + (height / 4) * Math.sin((x / width) * Math.PI * (3 + (seed % 3)) + seed) * Math.cos(x / (17 + seed));
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width + 1, 255);
    row[0] = 0; // filter: none
    for (let x = width * 0.08; x < width * 0.92; x++) if (Math.abs(stroke(x) - y) < 1.6) row[Math.floor(x) + 1] = 20;
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const signatureDataUrl = (width?: number, height?: number, seed?: number) => `data:image/png;base64,${signaturePng(width, height, seed).toString('base64')}`;
