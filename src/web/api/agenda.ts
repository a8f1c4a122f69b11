import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { EMPLOYEE_MARKS } from '../../domain/appointment-status';
import { MSG } from '../../domain/texts/common';
import { api, call } from '../lib/api';

// The employee's portal: her agenda and its marks (src/server/features/agenda;
// docs/decisions/007-employee-agenda-marking.md). Her own time off is the availability room's
// (api/availability.ts).

export type EmployeeMark = (typeof EMPLOYEE_MARKS)[number];

type DayJson = InferResponseType<typeof api.agenda.$get, 200>;
type RowJson = DayJson['appointments'][number];

/** An agenda row with real Dates (the API sends ISO strings). */
export type AgendaAppointment = Omit<RowJson, 'startTime' | 'endTime'> & { startTime: Date; endTime: Date };

export type AgendaDay = {
  date: string;
  appointments: AgendaAppointment[];
  /** server clock minus this device's clock, so "has it started?" matches what the server will judge */
  clockOffsetMs: number;
  /** 'Cerrado: Reyes' / 'Ausencia: Vacaciones' when the day is closed for this professional */
  closed: string | null;
};

const toAppointment = (r: RowJson): AgendaAppointment => ({ ...r, startTime: new Date(r.startTime), endTime: new Date(r.endTime) });

/** Every agenda day's query starts with this key: a saved mark updates or refetches them all. */
export const AGENDA_FAMILY = ['agenda'] as const;

/** The signed-in professional's appointments of one salon day. */
export const agendaDayQuery = (date: string) =>
  queryOptions({
    queryKey: [...AGENDA_FAMILY, date] as const,
    queryFn: async (): Promise<AgendaDay> => {
      const body = await call(api.agenda.$get({ query: { date } }), MSG.appointmentsLoadFailed);
      return {
        date: body.date,
        appointments: body.appointments.map(toAppointment),
        clockOffsetMs: Date.parse(body.now) - Date.now(),
        closed: body.closed,
      };
    },
  });

/**
 * Saves a mark. `keepalive` lets the request outlive the page (pagehide, closing the tab): the
 * browser still sends it with the session cookie and the page's Origin, as a normal same-origin
 * PATCH with a JSON body, so the server's origin check and validation treat it like any other.
 */
export async function saveMark(id: string, status: EmployeeMark, opts: { keepalive?: boolean } = {}): Promise<AgendaAppointment> {
  const body = await call(
    api.agenda.appointments[':id'].$patch({ param: { id }, json: { status } }, { init: { keepalive: opts.keepalive ?? false } }),
    MSG.saveChangeRetrying,
  );
  return toAppointment(body.appointment);
}
