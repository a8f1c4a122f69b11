// Control characters in what people type (docs/decisions/032-leavers-feeds-and-control-characters.md).
// A name, an address or a phone is ONE line: a CR/LF in it split the lines of the calendar feed
// (NAME:, X-WR-CALNAME:) and of mail headers, and a tab or an escape code has no use there. Every
// C0 control (U+0000-U+001F), DEL, the C1 controls (U+0080-U+009F) and the Unicode line and
// paragraph separators are refused in them. Multi-line texts (private notes, a service's
// description) keep line feeds, carriage returns and tabs, and refuse the rest.

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

/** True when `text` holds a control character its kind of field has no use for. */
export function hasControlCharacters(text: string | null | undefined, kind: 'single-line' | 'multi-line' = 'single-line'): boolean {
  if (!text) return false;
  return (kind === 'multi-line' ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);
}
