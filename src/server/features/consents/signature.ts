import { createHash } from 'node:crypto';
import { CONSENT_LIMITS, CONSENT_MSG } from '../../../domain/consents';

// The drawn signature arrives as the canvas's data URL (signature_pad's toDataURL()). Only a
// real PNG is kept: the prefix, base64 that decodes to it exactly, the PNG signature bytes, an
// IHDR chunk first with sane dimensions, within 200 KB decoded. Anything else is refused before
// anything is stored; the image is never decoded further (nothing parses its pixel data).

const PREFIX = 'data:image/png;base64,';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The longest data URL that can hold 200 KB of PNG (base64 is 4/3 of it). */
export const SIGNATURE_DATA_URL_MAX = PREFIX.length + Math.ceil((CONSENT_LIMITS.signatureBytesMax * 4) / 3) + 4;

export type SignatureCheck = { ok: true; png: Buffer; width: number; height: number } | { ok: false; message: string };

export function parseSignature(dataUrl: string): SignatureCheck {
  const bad = { ok: false, message: CONSENT_MSG.signatureInvalid } as const;
  if (!dataUrl) return { ok: false, message: CONSENT_MSG.signatureRequired };
  if (dataUrl.length > SIGNATURE_DATA_URL_MAX) return { ok: false, message: CONSENT_MSG.signatureTooLarge };
  if (!dataUrl.startsWith(PREFIX)) return bad;
  const b64 = dataUrl.slice(PREFIX.length);
  if (b64.length === 0 || b64.length % 4 !== 0 || !BASE64.test(b64)) return bad;
  const png = Buffer.from(b64, 'base64');
  if (png.length > CONSENT_LIMITS.signatureBytesMax) return { ok: false, message: CONSENT_MSG.signatureTooLarge };
  // 8 magic bytes, then the IHDR chunk: length 13, type, width, height (big-endian), ...
  if (png.length < 8 + 8 + 13 + 4 + 12 || !png.subarray(0, 8).equals(PNG_MAGIC)) return bad;
  if (png.readUInt32BE(8) !== 13 || png.toString('latin1', 12, 16) !== 'IHDR') return bad;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const L = CONSENT_LIMITS;
  if (width < L.signatureSideMin || height < L.signatureSideMin || width > L.signatureWidthMax || height > L.signatureHeightMax) return bad;
  // A PNG ends with its IEND chunk.
  if (png.toString('latin1', png.length - 8, png.length - 4) !== 'IEND') return bad;
  return { ok: true, png, width, height };
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
