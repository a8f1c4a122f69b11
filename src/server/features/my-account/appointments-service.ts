import { canClientCancel } from '../../../domain/appointment-status';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { conflict, notFound } from '../../http/errors';
import type { Deps } from '../../http/env';
import { enqueueVisitCancellation } from '../../notifications/visit-cancellation';
import { cancellationPolicyHours } from '../../db/salon-settings';
import { appointmentsOfClient, markCancelledByClient, myAppointmentsSettings, ownAppointment, ownVisitParts } from './appointments-queries';
import { inDisplayOrder } from '../../../domain/my-appointments';
import { capOf } from '../../../domain/booking-limits';
import { DEFAULT_CANCELLATION_POLICY_HOURS } from '../../../domain/appointment-status';
import { salonPhone } from '../../mail/email-style';
import { isId } from '../../http/params';
import { consentSignPath, consentSignToken } from '../../notifications/consent-tokens';
import { consentLinkAccess } from '../../../domain/health-access';
import { holdsResources } from '../../db/appointment-resources';
import { appointmentsChanged } from '../../live-events/realtime';

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime'>;

/**
 * Mis Citas: her appointments in the page's order (upcoming soonest first, then the rest newest
 * first, each marked `upcoming`: docs/decisions/074), each with `consentUrl`: the "Firma tu
 * consentimiento" page of a confirmed, not yet ended visit that still lacks a consent its service
 * requires (ADR 041), else null. Beside them what the page says before she tries anything
 * (docs/decisions/075): the cancellation window, the salon's phone to call, and the cap of future
 * appointments with how many she holds (counted as the booking counts them: confirmed, not started).
 */
export async function listMine(ctx: Ctx & Pick<Deps, 'messageSecret'>, clientId: string) {
  const now = ctx.now();
  const [rows, settings] = await Promise.all([appointmentsOfClient(ctx.db, clientId), myAppointmentsSettings(ctx.db)]);
  const appointments = rows.map(({ consentMissing, consentLinkGeneration, ...a }) => ({
    ...a,
    consentUrl: consentMissing && consentLinkAccess(a, now) === 'sign' ? consentSignPath(consentSignToken(ctx.messageSecret, a.id, consentLinkGeneration)) : null,
  }));
  const phone = salonPhone(settings?.phoneNumber ?? '');
  return {
    appointments: inDisplayOrder(appointments, now),
    policyHours: settings?.policyHours ?? DEFAULT_CANCELLATION_POLICY_HOURS,
    salonPhone: phone ? { text: phone.text, href: phone.href ?? null } : null,
    cap: {
      max: capOf(settings?.maxFutureAppointments),
      futureConfirmed: rows.filter((a) => a.status === 'confirmed' && a.startTime.getTime() > now.getTime()).length,
    },
  };
}

/**
 * SPEC §5 Cancellation by client: only one's own, only confirmed and future, and not inside the
 * salon's cancellation window. The freed slot is announced to open booking screens.
 */
export async function cancelMine(ctx: Ctx, clientId: string, id: string) {
  const found = isId(id) ? await ownAppointment(ctx.db, id, clientId) : undefined;
  if (!found) throw notFound(STAFF_MSG.appointmentNotFound);
  // ADR 083: a part of a visit cancels the whole visit, judged on its first part still confirmed.
  const parts = found.visitId ? await ownVisitParts(ctx.db, found.visitId, clientId) : [found];
  const judged = parts.find((p) => p.status === 'confirmed') ?? found;

  const hours = await cancellationPolicyHours(ctx.db);
  const now = ctx.now();
  const check = canClientCancel(judged, now, hours);
  if (!check.ok) {
    if (check.reason === 'window') throw conflict(MSG.cancelTooLate(hours), 'cancel_too_late');
    throw conflict(STAFF_MSG.cancelNotAllowed, 'cancel_not_allowed');
  }

  // The cancellation and its messages (to the client and the professional) commit together (ADR
  // 021); a visit's parts are all marked first, then she gets one message naming them (ADR 098).
  const cancelled = await ctx.db.transaction(async (tx) => {
    const rows = [];
    for (const part of parts.filter((p) => p.status === 'confirmed')) {
      const row = await markCancelledByClient(tx, part.id, now);
      if (row) rows.push({ ...part, ...row });
    }
    await enqueueVisitCancellation(tx, rows, now);
    return rows;
  });
  const updated = cancelled.find((r) => r.id === found.id) ?? cancelled[0];
  if (!updated) throw conflict(STAFF_MSG.cancelNotAllowed, 'cancel_not_allowed');
  // A cancelled appointment frees its cabin or machine for every professional (ADR 036).
  for (const part of cancelled) {
    ctx.realtime.publish(appointmentsChanged(part.employeeId, [salonDateOf(part.startTime, SALON_TIME_ZONE)], await holdsResources(ctx.db, part.id)));
  }
  return { id: updated.id, status: updated.status };
}
