import { isMobilePhone } from '../../../domain/mobile-phone';
import { deskReminderText, waMeLink } from '../../../domain/phone-messages';
import { DEFAULT_SALON_NAME } from '../../../domain/salon-settings';
import { addDays, dayBounds, salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { STAFF_MSG } from '../../../domain/texts/staff';
import type { Deps } from '../../http/env';
import { notFound } from '../../http/errors';
import { isId } from '../../http/params';
import { visitPath, visitToken } from '../../notifications/tokens';
import { confirmedVisitsBetween, deskVisit, recordDeskReminder, upcomingVisitsOfRecord, type DeskVisit, type Visit } from './queries';

// The desk's WhatsApp without any provider (ADR 057): each visit's wa.me link, prefilled with the
// reminder and her confirm/cancel link; a tap marks "Recordatorio enviado".

type Ctx = Pick<Deps, 'db' | 'now' | 'config' | 'messageSecret'>;

/** Her confirm/cancel page, signed for this visit at this version. */
export const visitUrl = (ctx: Pick<Deps, 'config' | 'messageSecret'>, v: Pick<Visit, 'id' | 'version'>) =>
  `${ctx.config.publicUrl}${visitPath(visitToken(ctx.messageSecret, { appointmentId: v.id, version: v.version }))}`;

/** The wa.me link of a visit still to come, when her phone is a mobile. */
function whatsappUrl(ctx: Ctx, v: Visit): string | null {
  if (!isMobilePhone(v.phone) || v.status !== 'confirmed') return null;
  const text = deskReminderText({ serviceName: v.serviceName, start: v.startTime, salonName: v.salonName || DEFAULT_SALON_NAME, clientName: v.clientName }, visitUrl(ctx, v));
  return waMeLink(v.phone, text);
}

const shown = (ctx: Ctx, v: DeskVisit) => ({
  appointmentId: v.id,
  startTime: v.startTime.toISOString(),
  serviceName: v.serviceName,
  employeeName: v.employeeName,
  clientName: v.clientName,
  clientRecordId: v.clientRecordId,
  phone: v.phone,
  whatsappUrl: whatsappUrl(ctx, v),
  reminderSentAt: v.reminderSentAt?.toISOString() ?? null,
  /** The last reminder that left by any channel (the automatic one's, or the desk's). */
  reminderChannel: v.reminderChannel,
  clientConfirmedAt: v.clientConfirmedAt?.toISOString() ?? null,
});
export type DeskVisitJson = ReturnType<typeof shown>;

/** "Recordatorios de mañana": tomorrow's confirmed visits in the salon's day, by time. */
export async function tomorrowReminders(ctx: Ctx) {
  const date = addDays(salonDateOf(ctx.now(), SALON_TIME_ZONE), 1);
  const { start, end } = dayBounds(date, SALON_TIME_ZONE);
  const visits = await confirmedVisitsBetween(ctx.db, start, end);
  return { date, visits: visits.map((v) => shown(ctx, v)) };
}

/** One appointment's link, for its details in the day view. */
export async function appointmentWhatsapp(ctx: Ctx, id: string) {
  const v = isId(id) ? await deskVisit(ctx.db, id) : undefined;
  if (!v) throw notFound(STAFF_MSG.appointmentNotFound);
  return shown(ctx, v);
}

/** A client record's visits to come, each with its link (her record's page). */
export async function clientWhatsapp(ctx: Ctx, recordId: string) {
  if (!isId(recordId)) throw notFound(STAFF_MSG.clientNotFound);
  return { visits: (await upcomingVisitsOfRecord(ctx.db, recordId, ctx.now())).map((v) => shown(ctx, v)) };
}

/** The tap on a wa.me link: "Recordatorio enviado", once per visit and time. */
export async function markReminderSent(ctx: Ctx, id: string) {
  const v = isId(id) ? await deskVisit(ctx.db, id) : undefined;
  if (!v) throw notFound(STAFF_MSG.appointmentNotFound);
  if (v.status === 'confirmed') await recordDeskReminder(ctx.db, v, ctx.now());
  const after = await deskVisit(ctx.db, id);
  return shown(ctx, after ?? v);
}
