import { describe, expect, it } from 'vitest';
import { CONSENT_MSG } from '../../../domain/consents';
import { signatureDataUrl, signaturePng } from '../../seed/signature-png';
import { parseSignature, SIGNATURE_DATA_URL_MAX } from './signature';

// Only a real PNG of sane size is kept as a signature (ADR 041).

const withDims = (w: number, h: number) => {
  const png = Buffer.from(signaturePng(40, 40));
  png.writeUInt32BE(w, 16);
  png.writeUInt32BE(h, 20);
  return `data:image/png;base64,${png.toString('base64')}`;
};

describe('parseSignature', () => {
  it('accepts a drawn PNG and tells its size', () => {
    const r = parseSignature(signatureDataUrl(300, 100));
    expect(r).toMatchObject({ ok: true, width: 300, height: 100 });
  });
  it.each<[string, string, string]>([
    ['empty', '', CONSENT_MSG.signatureRequired],
    ['a JPEG data URL', 'data:image/jpeg;base64,/9j/4AAQSkZJRg==', CONSENT_MSG.signatureInvalid],
    ['an SVG', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', CONSENT_MSG.signatureInvalid],
    ['a PNG label on other bytes', `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`, CONSENT_MSG.signatureInvalid],
    ['not base64', 'data:image/png;base64,@@@@', CONSENT_MSG.signatureInvalid],
    ['base64 with spaces', `data:image/png;base64,${signaturePng().toString('base64').slice(0, 40)} AAAA`, CONSENT_MSG.signatureInvalid],
    ['a truncated PNG (no IEND)', `data:image/png;base64,${signaturePng().subarray(0, 60).toString('base64')}`, CONSENT_MSG.signatureInvalid],
    ['zero width', withDims(0, 40), CONSENT_MSG.signatureInvalid],
    ['a huge declared size (decompression bomb)', withDims(100_000, 100_000), CONSENT_MSG.signatureInvalid],
    ['a tiny one', withDims(5, 5), CONSENT_MSG.signatureInvalid],
    ['over 200 KB', `data:image/png;base64,${Buffer.alloc(210 * 1024).toString('base64')}`, CONSENT_MSG.signatureTooLarge],
    ['longer than any 200 KB image', 'data:image/png;base64,' + 'A'.repeat(SIGNATURE_DATA_URL_MAX), CONSENT_MSG.signatureTooLarge],
  ])('%s: refused', (_, url, message) => {
    expect(parseSignature(url)).toEqual({ ok: false, message });
  });
});
