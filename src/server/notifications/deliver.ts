import { sql } from 'drizzle-orm';
import { deliveryKey, isReplyKind } from '../../domain/notification-rules';
import { DEFAULT_SALON_NAME } from '../../domain/salon-settings';
import type { Db, Tx } from '../db/client';
import { runPrepared } from '../db/prepared';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../logger';
import type { JobPayload, ReplyPayload } from './enqueue';
import { clientRoute, deliverByPhone } from './deliver-phone';
import type { SmsConfig } from './sms';
import type { WhatsappConfig } from './whatsapp';
import { invitationIcs } from './ics';
import { appointmentMail } from './templates';
import { visitCancellationOf, visitPartsOf, visitPartsPhrase, visitSummary } from './visit-parts';
import { stopRemindersToken, stopRemindersTokenForRecord } from './tokens';
import { consentSignPath, consentSignToken } from './consent-tokens';

export type DeliverDeps = {
  db: Db;
  mailer: Mailer;
  log: Logger;
  now: () => Date;
  publicUrl: string;
  mailFrom: string;
  messageSecret: string;
  /** The phone channels, when the salon configured them (ADR 055, 056). */
  whatsapp?: WhatsappConfig;
  sms?: SmsConfig;
};

export type DeliveryRow = Row;

type Row = {
  id: string;
  /** null: a client record without an account, or a deleted account */
  client_id: string | null;
  client_record_id: string | null;
  client_name: string;
  client_email: string | null;
  employee_name: string;
  service_name: string;
  service_duration: number;
  price: string;
  start_time: Date | string;
  end_time: Date | string;
  status: string;
  message_sequence: number;
  professional_email: string | null;
  reminders: boolean;
  salon_name: string | null;
  salon_address: string | null;
  salon_phone: string | null;
  reminder_hours: number;
  /** A consent its service requires is unsigned (ADR 041, SQL consent_missing). */
  consent_missing: boolean;
  /** Her record's phone (E.164) and channel (ADR 057), and the policy a reply quotes. */
  client_phone: string | null;
  message_channel: string | null;
  cancellation_hours: number;
  /** The consent link's generation (ADR 051): the link names it. */
  consent_link_generation: number;
  /** ADR 053 (SQL appointment_bono_state): 'covered', 'not_covered' (she has a bono for it, with no session for this visit), or null. */
  bono_state: 'covered' | 'not_covered' | null;
};

const isReply = (p: JobPayload): p is ReplyPayload & { via?: JobPayload['via'] } => isReplyKind(p.kind);

/** Why a message is not sent (null: it is). Pure, beside the data it reads. */
export function skipReason(p: JobPayload, r: Row, now: Date): string | null {
  // The consent reminder (ADR 041) is a reminder, but for a missing consent, and the salon's reminder hours do not turn it off.
  if (p.kind === 'reminder' || p.kind === 'consent_reminder') {
    if (r.status !== 'confirmed') return 'not confirmed any more';
    if (r.message_sequence !== p.version) return 'the appointment moved since';
    if (p.kind === 'consent_reminder' && !r.consent_missing) return 'the consent is signed';
    if (!r.reminders) return 'the client stopped reminders';
    if (p.kind === 'reminder' && r.reminder_hours === 0) return 'the salon turned reminders off';
    if (new Date(r.start_time).getTime() <= now.getTime()) return 'already started';
  }
  // A later move has its own message with the newer time.
  if (p.kind === 'rescheduled' && r.message_sequence !== p.version) return 'a newer move follows';
  return null;
}

/**
 * The stop-reminders link of the client's messages: on her account when she has one, else on the
 * salon's record of her (a client booked at the front desk without an account, ADR 029); none
 * when the appointment names neither (then there is no address to write to either).
 */
export function stopRemindersLink(deps: Pick<DeliverDeps, 'publicUrl' | 'messageSecret'>, r: Pick<Row, 'client_id' | 'client_record_id'>): string | undefined {
  const token = r.client_id
    ? stopRemindersToken(deps.messageSecret, r.client_id)
    : r.client_record_id
      ? stopRemindersTokenForRecord(deps.messageSecret, r.client_record_id)
      : undefined;
  return token ? `${deps.publicUrl}/api/messages/stop-reminders?token=${token}` : undefined;
}

/** The message's row in sent_messages: what became of it, and the address it went to (none when nothing went). */
async function recordOutcome(tx: Tx, key: string, p: JobPayload, appointmentId: string, sentTo: string | null, outcome: 'sent' | 'no_email' | 'opted_out') {
  await runPrepared(
    tx,
    'auna_deliver_record',
    sql`INSERT INTO sent_messages (key, appointment_id, kind, recipient, sent_to, outcome)
      VALUES (${key}, ${appointmentId}::uuid, ${p.kind}, ${p.recipient}, ${sentTo}, ${outcome}) ON CONFLICT (key) DO NOTHING`,
  );
}

const emailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/**
 * The job: at most one mail per idempotency key. The key's row in sent_messages is written in
 * the same transaction that holds an advisory lock on the key while the mail is handed to SMTP,
 * so two jobs with one key (enqueued again after the first finished) cannot both send, and a
 * retried job after a committed send does nothing. A crash AFTER the SMTP server accepted the
 * mail and BEFORE the commit sends it again on retry (at-least-once in that window, ADR 021);
 * the stable Message-ID lets mail clients fold such a duplicate.
 */
export async function deliverMessage(deps: DeliverDeps, p: JobPayload): Promise<'sent' | 'skipped' | 'no_email' | 'opted_out' | 'failed' | 'already'> {
  const key = deliveryKey(p);
  return deps.db.transaction(async (tx) => {
    // Named statements (runPrepared): each parsed and planned once per connection. Planning the
    // row's read on every message cost more PostgreSQL CPU than running it (ADR 111).
    await runPrepared(tx, 'auna_deliver_lock', sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 14))`);
    const done = await runPrepared(tx, 'auna_deliver_done', sql`SELECT 1 FROM sent_messages WHERE key = ${key}`);
    if (done.length > 0) return 'already';

    const res = await runPrepared<Row>(tx, 'auna_deliver_row', sql`
      SELECT a.id, a.client_id, a.client_record_id, a.client_name, a.client_email, a.employee_name, a.service_name, a.service_duration, a.price,
             a.start_time, a.end_time, a.status, a.message_sequence, a.consent_link_generation,
             coalesce(nullif(trim(e.email), ''), eu.email) AS professional_email,
             -- the account's choice and the record's (a link from before the record became an account's)
             coalesce(mp.reminders, true) AND cr.reminders_stopped_at IS NULL AS reminders,
             s.name AS salon_name, s.address AS salon_address, s.phone_number AS salon_phone,
             coalesce(s.reminder_hours, 24) AS reminder_hours,
             consent_missing(a.id, a.service_id, a.client_record_id, a.start_time) AS consent_missing,
             cr.phone AS client_phone, cr.message_channel, coalesce(s.cancellation_policy_hours, 24) AS cancellation_hours,
             appointment_bono_state(a.id) AS bono_state
      FROM appointments a
      LEFT JOIN "user" eu ON eu.id = a.employee_id
      LEFT JOIN employees e ON e.user_id = a.employee_id
      LEFT JOIN message_preferences mp ON mp.user_id = a.client_id
      LEFT JOIN clients cr ON cr.id = a.client_record_id
      LEFT JOIN salon_settings s ON s.id = 1
      WHERE a.id = ${p.appointmentId}::uuid`);
    const first = res[0];
    if (!first) return 'skipped';
    // A visit of several services: her one confirmation and her one reminder list every part (ADR 093).
    // Her one cancellation names the parts cancelled with it, and says when the visit goes on (ADR 098).
    const toHer = p.recipient === 'client';
    const cancelled = p.kind === 'cancellation' && toHer ? await visitCancellationOf(tx, first.id) : null;
    const parts = (p.kind === 'confirmation' || p.kind === 'reminder') && toHer ? await visitPartsOf(tx, first.id) : (cancelled?.parts ?? []);
    const visit = parts.length > 0 ? visitSummary(parts) : null;
    const r: Row = visit ? { ...first, service_name: visitPartsPhrase(parts) } : first;
    const why = skipReason(p, r, deps.now());
    if (why) {
      deps.log.info({ key, why }, 'message not sent');
      return 'skipped';
    }

    // The client's channel (ADR 057): her phone, nothing at all, or email as below.
    if (p.recipient === 'client') {
      const route = clientRoute(deps, p, r);
      if (route.kind === 'phone') return deliverByPhone(deps, tx, key, p, r, route.channel, route.phone);
      if (route.kind === 'none') {
        await recordOutcome(tx, key, p, r.id, null, route.outcome);
        return route.outcome;
      }
    }
    if (isReply(p)) return 'skipped'; // a reply goes by WhatsApp only (clientRoute)
    const to = (p.recipient === 'client' ? r.client_email : r.professional_email)?.trim() ?? '';
    if (!to.includes('@')) {
      // A client booked at the front desk without an email (ADR 029), or one who deleted their
      // account (its address is now 'Cliente eliminado', ADR 026): nothing to send, and the row
      // says so for the staff.
      await recordOutcome(tx, key, p, r.id, null, 'no_email');
      return 'no_email';
    }

    const salon = { name: r.salon_name || DEFAULT_SALON_NAME, address: r.salon_address ?? '', phoneNumber: r.salon_phone ?? '' };
    const stopUrl = p.recipient === 'client' ? stopRemindersLink(deps, r) : undefined;
    const appointment = {
      id: r.id,
      clientName: r.client_name,
      employeeName: r.employee_name,
      serviceName: r.service_name,
      serviceDuration: r.service_duration,
      price: Number(r.price),
      start: new Date(r.start_time),
      end: new Date(r.end_time),
      status: r.status,
      ...visit,
    };
    const body = appointmentMail(p.kind, p.recipient, {
      appointment,
      salon,
      myAppointmentsUrl: `${deps.publicUrl}/my-appointments`,
      bookUrl: `${deps.publicUrl}/services`,
      agendaUrl: `${deps.publicUrl}/employee/agenda`,
      stopRemindersUrl: stopUrl,
      reminderHours: r.reminder_hours,
      // Only the link to sign (ADR 041): the email never holds a question or an answer.
      consentUrl: p.recipient === 'client' && r.status === 'confirmed' && r.consent_missing ? `${deps.publicUrl}${consentSignPath(consentSignToken(deps.messageSecret, r.id, r.consent_link_generation))}` : undefined,
      bonoNotCovered: p.recipient === 'client' && p.kind !== 'cancellation' && r.bono_state === 'not_covered',
      visitParts: parts,
      visitGoesOn: cancelled?.goesOn,
    });
    // A part cancelled while the visit goes on sends no calendar CANCEL: her calendar's event is
    // the whole visit's (ADR 093), and cancelling it would drop the parts still to come.
    const withIcs = p.recipient === 'client' && p.kind !== 'reminder' && p.kind !== 'consent_reminder' && !cancelled?.goesOn;
    const method = p.kind === 'cancellation' ? 'CANCEL' : 'REQUEST';
    await deps.mailer.send({
      to,
      ...body,
      messageId: `<${key.replace(/:/g, '.')}@auna>`,
      headers: {
        'X-Auna-Message-Key': key,
        ...(stopUrl ? { 'List-Unsubscribe': `<${stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
      icalEvent: withIcs
        ? {
            method,
            filename: method === 'CANCEL' ? 'cita-cancelada.ics' : 'cita.ics',
            content: invitationIcs(
              {
                id: r.id,
                start: appointment.start,
                end: appointment.end,
                summary: `${appointment.serviceName} · ${salon.name}`,
                description: `Con ${appointment.employeeName}`,
                location: [salon.name, salon.address].filter(Boolean).join(', '),
                // A cancellation must outrank the request it withdraws.
                sequence: method === 'CANCEL' ? r.message_sequence + 1 : r.message_sequence,
              },
              {
                method,
                organizer: { name: salon.name, email: emailAddress(deps.mailFrom) },
                attendee: { name: r.client_name, email: to },
                stamp: deps.now(),
              },
            ),
          }
        : undefined,
    });
    await recordOutcome(tx, key, p, r.id, to, 'sent');
    return 'sent';
  });
}
