import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { calendarUid } from '../../domain/message-rules';

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

export function feedIcs(name: string, events: IcsAppointment[], stamp: Date): string {
  const cal = ical({ prodId: PROD_ID, name, ttl: 15 * 60 });
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
