// What a phone channel's provider answered (ADR 055, 056). A refusal of THIS message (a number
// without WhatsApp, a template not approved, a wrong token) is permanent: the message is recorded
// as failed and the next channel is tried. Anything else (the network, a 5xx, a rate limit) is
// thrown as a plain Error, and the queue tries again later (ADR 021).

export class PermanentSendError extends Error {
  /** The provider's code and title, never the recipient's number: shown in Configuración. */
  constructor(readonly failure: string) {
    super(failure);
    this.name = 'PermanentSendError';
  }
}

/**
 * A provider's own error text, one short line, without any phone number in it (Twilio's 21211 names
 * the number it refused: the failure is kept and shown, her number must not be, ADR 033).
 */
export const shortText = (v: unknown) =>
  String(v ?? '')
    .replace(/\+?\d[\d\s().-]{5,}\d/g, '…')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

/** Within `ms`: a provider that does not answer is one to try again later. */
export async function postWithin(url: string, init: RequestInit, ms = 15_000): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
  } catch (err) {
    // Neither the URL's query nor the body: only what kind of failure it was.
    throw new Error(`el proveedor no responde (${err instanceof Error ? err.name : 'error'})`);
  }
}
