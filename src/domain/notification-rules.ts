// The rules of the messages about an appointment (ADR 021), pure: no clock, no I/O.

import { SALON_TIME_ZONE } from './calendar-date';

// consent_reminder (ADR 041): "Firma tu consentimiento" 48 h before, while a required consent is unsigned.
export const MESSAGE_KINDS = ['confirmation', 'cancellation', 'rescheduled', 'reminder', 'consent_reminder'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type MessageRecipient = 'client' | 'professional';

export const DEFAULT_REMINDER_HOURS = 24;
/** A week at most: a reminder further ahead is not a reminder. */
export const MAX_REMINDER_HOURS = 168;

export function isReminderHours(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_REMINDER_HOURS;
}

/**
 * The idempotency key: at most one message per (appointment, kind, recipient, version). The version
 * is the appointment's calendar SEQUENCE, so a move makes new keys for the new time.
 */
export function messageKey(m: { kind: MessageKind; recipient: MessageRecipient; appointmentId: string; version: number }): string {
  return `${m.kind}:${m.recipient}:${m.appointmentId}:${m.version}`;
}

/**
 * When the reminder leaves: `hours` before the start, or never (null) when reminders are off
 * (0) or that moment is not after `now` (booked inside the window: the client just booked it).
 * Plain UTC arithmetic: "24 hours before" across a DST change is 24 real hours.
 */
export function reminderRunAt(start: Date, hours: number, now: Date): Date | null {
  if (!isReminderHours(hours) || hours === 0) return null;
  const at = new Date(start.getTime() - hours * 3_600_000);
  return at.getTime() > now.getTime() ? at : null;
}

/** The calendar UID of an appointment: stable across moves and cancellation. */
export const calendarUid = (appointmentId: string) => `${appointmentId}@auna`;

const compactUtc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Google Calendar's "add event" template link (times in UTC). */
export function googleCalendarLink(e: { title: string; start: Date; end: Date; details: string; location: string }): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${compactUtc(e.start)}/${compactUtc(e.end)}`,
    details: e.details,
    location: e.location,
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

const longFormat = new Intl.DateTimeFormat('es-ES', {
  timeZone: SALON_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('es-ES', { timeZone: SALON_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

/** "lunes, 29 de marzo de 2027" in the salon's zone. */
export const salonDateText = (d: Date) => longFormat.format(d);

/** "lunes, 29 de marzo de 2027 a las 10:00" in the salon's zone, whatever the server's zone. */
export function salonDateTimeText(d: Date): string {
  return `${salonDateText(d)} a las ${timeFormat.format(d)}`;
}

/** "10:00" in the salon's zone. */
export const salonTimeText = (d: Date) => timeFormat.format(d);
