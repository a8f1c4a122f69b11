import { escapeHtml } from '../../../domain/html';
import { salonTimeText } from '../../../domain/notification-rules';
import { salonDayText } from '../../../domain/phone-messages';
import { DEFAULT_SALON_NAME } from '../../../domain/salon-settings';
import { MSG } from '../../../domain/texts/common';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { smallPage } from '../../http/small-page';
import type { OfferRow } from './queries';

// The page an offer's link opens (ADR 072): no sign-in (the signed link is the credential), the
// freed time's facts (never her notes), and one button that books it. Its GET only shows: a
// phone's link preview that opens it books nothing.

const TITLE = 'Se ha liberado un hueco';

const facts = (o: OfferRow) =>
  `<dl><dt>Servicio</dt><dd>${escapeHtml(o.serviceName)}</dd><dt>Día</dt><dd>${escapeHtml(salonDayText(o.startTime))}</dd>` +
  `<dt>Hora</dt><dd>${escapeHtml(salonTimeText(o.startTime))}</dd><dt>Con</dt><dd>${escapeHtml(o.employeeName)}</dd></dl>`;
const brand = (o: OfferRow) => o.salonName || DEFAULT_SALON_NAME;
const withdrawForm = (token: string) =>
  `<form method="post" action="/api/waiting-list/offer/withdraw?token=${encodeURIComponent(token)}"><button type="submit" class="secondary">Ya no me interesa: quitarme de la lista</button></form>`;

/** The offer and its one button. */
export const offerAskPage = (o: OfferRow, token: string) =>
  smallPage(
    TITLE,
    facts(o) +
      `<p>Si lo quieres, resérvalo ahora: se lo hemos dicho también a otras personas y el primero que lo reserve se lo queda.</p>` +
      `<div class="actions"><form method="post" action="/api/waiting-list/offer/book?token=${encodeURIComponent(token)}"><button type="submit">Reservar este hueco</button></form></div>`,
    brand(o),
  );

/** Booked: hers. */
export const offerBookedPage = (o: OfferRow) =>
  smallPage('Cita reservada', facts(o) + `<p class="done" role="status">${escapeHtml(WAITING_MSG.offerBooked)}</p>`, brand(o));

/**
 * Someone was first (or the time is no longer free): the spec's conflict text when her own tap
 * lost the race, and in every case the offer to keep waiting (she is still on the list).
 */
export const offerGonePage = (o: OfferRow, token: string, lostRace: boolean) =>
  smallPage(
    'Hueco reservado',
    (lostRace ? `<p class="note" role="alert">${escapeHtml(MSG.slotTaken)}</p>` : '') +
      `<p class="note" role="status">${escapeHtml(WAITING_MSG.offerGone)}</p>` +
      (o.entryStatus === 'waiting' ? `<div class="actions">${withdrawForm(token)}</div>` : ''),
    brand(o),
  );

/** Another refusal of the booking (the horizon, her cap of future visits): its own words. */
export const offerRefusedPage = (o: OfferRow, message: string) =>
  smallPage(TITLE, facts(o) + `<p class="note" role="alert">${escapeHtml(message)}</p>`, brand(o));

export const offerWithdrawnPage = (o: OfferRow) =>
  smallPage(WAITING_MSG.title, `<p class="done" role="status">${escapeHtml(WAITING_MSG.entryWithdrawn)}</p>`, brand(o));

export const offerInvalidPage = () => smallPage(TITLE, `<p class="note" role="status">${escapeHtml(WAITING_MSG.offerInvalid)}</p>`);
