import type { CSSProperties } from 'react';
import { formatPhone, normalizePhone } from '../../domain/phone';

// The look of every mail (DESIGN.md's palette, ADR 044): inline styles only, because Gmail drops
// most of a <style> block and no mail may fetch a font or an image from the internet. The fonts
// are the web-safe stacks closest to the app's Cormorant Garamond and DM Sans.

export const EMAIL_COLOR = {
  ivory: '#fbf8f5',
  sand: '#f3ece6',
  surface: '#ffffff',
  line: '#e8dfd8',
  ink: '#2e2327',
  muted: '#6f6266',
  /** The brand tone dark enough for white text (AA 4.5:1), as the app's buttons. */
  rose700: '#9e5f6a',
  rose800: '#854d58',
  rose50: '#f8eef0',
  gold: '#c8a26b',
  brick: '#b04a3f',
} as const;

export const SERIF = "Georgia, 'Times New Roman', Times, serif";
export const SANS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** What every mail says of the salon: its settings' name, address and phone (SPEC §3). */
export type SalonContact = { name: string; address: string; phoneNumber: string };

/**
 * The salon's phone as a client reads it ("923 40 12 34": Spanish numbers in national format) and
 * a tel: link to call it with one tap; a number the settings hold in another shape is shown as
 * typed, without a link.
 */
export function salonPhone(phoneNumber: string): { text: string; href?: string } | undefined {
  const typed = phoneNumber.trim();
  if (!typed) return undefined;
  const e164 = normalizePhone(typed);
  return e164 ? { text: formatPhone(e164), href: `tel:${e164}` } : { text: typed };
}

export const text = (size: number, extra: CSSProperties = {}): CSSProperties => ({
  fontFamily: SANS,
  fontSize: `${size}px`,
  lineHeight: 1.5,
  color: EMAIL_COLOR.ink,
  margin: '0 0 16px',
  ...extra,
});

export const link: CSSProperties = { color: EMAIL_COLOR.rose800, textDecorationLine: 'underline' };
