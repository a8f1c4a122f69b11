import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { calendarUid } from '../../domain/notification-rules';

// .ics files of the messages (METHOD:REQUEST / CANCEL) and of the professionals' feeds. Times are
// written in UTC (…Z): every calendar app shows them in its own zone, and no VTIMEZONE can be
// wrong. The UID is stable per appointment; SEQUENCE is the appointment's message_sequence.

export type IcsAppointment = {
  id: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  sequence: number;
};

const PROD_ID = { company: 'Auna', product: 'Auna', language: 'ES' } as const;

export function invitationIcs(
  a: IcsAppointment,
  o: { method: 'REQUEST' | 'CANCEL'; organizer: { name: string; email: string }; attendee?: { name: string; email: string }; stamp: Date },
): string {
  const cal = ical({ prodId: PROD_ID, method: o.method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL });
  cal.createEvent({
    id: calendarUid(a.id),
    sequence: a.sequence,
    stamp: o.stamp,
    start: a.start,
    end: a.end,
    summary: a.summary,
    description: a.description,
    location: a.location || null,
    status: o.method === 'REQUEST' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: o.organizer,
    attendees: o.attendee
      ? [{ name: o.attendee.name, email: o.attendee.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }]
      : [],
  });
  return cal.toString();
}

/**
 * A TEXT value escaped as RFC 5545 §3.3.11 asks: backslash, semicolon and comma escaped, a line
 * break written as \n, and any other control character dropped (§3.1: not allowed in a value).
 * ical-generator escapes SUMMARY and DESCRIPTION itself but writes the calendar's NAME and
 * X-WR-CALNAME as given, so a name with a line break in it added lines of its own to the feed.
 */
export function icsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n')
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
  );
}

export function feedIcs(name: string, events: IcsAppointment[], stamp: Date): string {
  const cal = ical({ prodId: PROD_ID, name: icsText(name), ttl: 15 * 60 });
  for (const a of events) {
    cal.createEvent({
      id: calendarUid(a.id),
      sequence: a.sequence,
      stamp,
      start: a.start,
      end: a.end,
      summary: a.summary,
      description: a.description,
      location: a.location || null,
    });
  }
  return cal.toString();
}
