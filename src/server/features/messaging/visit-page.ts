import { escapeHtml } from '../../../domain/html';
import { salonTimeText } from '../../../domain/notification-rules';
import { salonDayText } from '../../../domain/phone-messages';
import { DEFAULT_SALON_NAME } from '../../../domain/salon-settings';
import { cancelTooLateCall, MESSAGING_MSG } from '../../../domain/texts/messaging';
import { smallPage } from '../../http/small-page';
import type { Visit } from './queries';
import type { Answer } from './replies';

// The page the confirm/cancel link of an SMS or of the desk's WhatsApp opens (ADR 057): no sign-in
// (the signed link is the credential), the visit's facts (never her notes), and two buttons that
// POST. Its GET only shows: a phone's link preview that opens it confirms or cancels nothing.

const TITLE = 'Tu cita';

const facts = (v: Visit) =>
  `<dl><dt>Servicio</dt><dd>${escapeHtml(v.serviceName)}</dd><dt>Día</dt><dd>${escapeHtml(salonDayText(v.startTime))}</dd>` +
  `<dt>Hora</dt><dd>${escapeHtml(salonTimeText(v.startTime))}</dd><dt>Con</dt><dd>${escapeHtml(v.employeeName)}</dd></dl>`;

const brand = (v: Visit) => v.salonName || DEFAULT_SALON_NAME;
const action = (path: 'confirm' | 'cancel', token: string) => `/api/messaging/visit/${path}?token=${encodeURIComponent(token)}`;

/** What she is asked: confirm or cancel a visit still to come; else why there is nothing to do. */
export function visitAskPage(v: Visit, token: string, pending: boolean): string {
  if (!pending) return smallPage(TITLE, facts(v) + `<p class="note" role="status">${escapeHtml(MESSAGING_MSG.visitNotPending)}</p>`, brand(v));
  const already = v.clientConfirmedAt ? `<p class="done" role="status">Ya nos has confirmado que vienes. ¡Gracias!</p>` : `<p>¿Vienes a tu cita?</p>`;
  return smallPage(
    TITLE,
    facts(v) +
      already +
      `<div class="actions">` +
      (v.clientConfirmedAt ? '' : `<form method="post" action="${action('confirm', token)}"><button type="submit">Confirmo</button></form>`) +
      `<form method="post" action="${action('cancel', token)}"><button type="submit" class="secondary">Cancelar cita</button></form></div>`,
    brand(v),
  );
}

const ANSWERS: Record<Answer, (v: Visit) => string> = {
  confirmed: () => `<p class="done" role="status">${escapeHtml(MESSAGING_MSG.visitConfirmed)}</p>`,
  cancelled: () => `<p class="done" role="status">${escapeHtml(MESSAGING_MSG.visitCancelled)}</p>`,
  too_late: (v) => `<p class="note" role="status">${escapeHtml(cancelTooLateCall(v.cancellationHours, v.salonPhone))}</p>`,
  not_pending: () => `<p class="note" role="status">${escapeHtml(MESSAGING_MSG.visitNotPending)}</p>`,
};

/** After a button: what came of it. */
export const visitAnswerPage = (v: Visit, answer: Answer) => smallPage(TITLE, facts(v) + ANSWERS[answer](v), brand(v));

/** A link that is not ours (or whose visit is gone). */
export const visitInvalidPage = () => smallPage(TITLE, `<p class="note" role="status">${escapeHtml(MESSAGING_MSG.visitLinkInvalid)}</p>`);
