import { sql } from 'drizzle-orm';
import { sumEuros } from '../../domain/money';
import { salonTimeText } from '../../domain/notification-rules';
import { cancelledWith, visitGoesOn } from '../../domain/visit-messages';
import type { Tx } from '../db/client';
import { runPrepared } from '../db/prepared';

// A visit of several services gets ONE confirmation and ONE reminder (ADR 093): the first part's,
// which list every part still confirmed (service, professional, time). Its later parts enqueue only
// their professional's notice (enqueue.ts, visitMessagesCte). Cancelled at once, it gets ONE
// cancellation naming the parts cancelled together (ADR 098, visit-cancellation.ts).

export type VisitPartLine = { serviceName: string; employeeName: string; start: Date; end: Date; duration: number; price: number };

type PartRow = {
  id: string;
  status: string;
  updated_at: Date | string;
  service_name: string;
  employee_name: string;
  start_time: Date | string;
  end_time: Date | string;
  service_duration: number;
  price: string;
};

const partLine = (r: PartRow): VisitPartLine => ({
  serviceName: r.service_name,
  employeeName: r.employee_name,
  start: new Date(r.start_time),
  end: new Date(r.end_time),
  duration: Number(r.service_duration),
  price: Number(r.price),
});

/** Every part of the visit `appointmentId` belongs to, whatever its status, in time order; [] outside a visit. */
async function visitRows(tx: Tx, appointmentId: string): Promise<PartRow[]> {
  // A named statement (runPrepared): every confirmation and reminder to her asks, visit or not.
  return runPrepared<PartRow>(tx, 'auna_visit_rows', sql`
    SELECT p.id, p.status, p.updated_at, p.service_name, p.employee_name, p.start_time, p.end_time, p.service_duration, p.price
    FROM appointments a JOIN appointments p ON p.visit_id = a.visit_id
    WHERE a.id = ${appointmentId}::uuid AND a.visit_id IS NOT NULL
    ORDER BY p.start_time, p.service_name`);
}

/** The confirmed parts of the visit `appointmentId` belongs to, in time order; [] for a booking of one service. */
export async function visitPartsOf(tx: Tx, appointmentId: string): Promise<VisitPartLine[]> {
  const parts = (await visitRows(tx, appointmentId)).filter((r) => r.status === 'confirmed').map(partLine);
  return parts.length > 1 ? parts : [];
}

/**
 * Her cancellation of appointment `appointmentId` (ADR 098): the parts it names, when it names
 * several (the visit cancelled at once: domain cancelledWith), in time order, else []; and whether
 * the visit goes on (the desk cancelled one part and another is still confirmed).
 */
export async function visitCancellationOf(
  tx: Tx,
  appointmentId: string,
): Promise<{ parts: VisitPartLine[]; goesOn: boolean }> {
  const states = (await visitRows(tx, appointmentId)).map((r) => ({
    row: r,
    id: r.id,
    status: r.status,
    start: new Date(r.start_time),
    changedAt: new Date(r.updated_at),
  }));
  const named = cancelledWith(states, appointmentId);
  return { parts: named.length > 1 ? named.map((s) => partLine(s.row)) : [], goesOn: visitGoesOn(states, appointmentId) };
}

/** One part as a line: 'Pedicura spa, 10:00, con Carmen Ruiz'. */
export const visitPartText = (p: VisitPartLine) => `${p.serviceName}, ${salonTimeText(p.start)}, con ${p.employeeName}`;

/** The parts in one phrase, for a message with room for one service (a WhatsApp template's parameter, an SMS): 'Manicura (10:00, con Ana Ruiz) y Pedicura (10:00, con Eva Sanz)'. */
export function visitPartsPhrase(parts: readonly VisitPartLine[]): string {
  const each = parts.map((p) => `${p.serviceName} (${salonTimeText(p.start)}, con ${p.employeeName})`);
  return `${each.slice(0, -1).join(', ')} y ${each.at(-1)}`;
}

/** The visit as one appointment for the mail's card and its calendar event: its services, who, from its start to its last end, its price. */
export function visitSummary(parts: readonly VisitPartLine[]) {
  const start = parts[0]!.start;
  const end = new Date(Math.max(...parts.map((p) => p.end.getTime())));
  return {
    serviceName: parts.map((p) => p.serviceName).join(' + '),
    employeeName: [...new Set(parts.map((p) => p.employeeName))].join(' y '),
    serviceDuration: Math.round((end.getTime() - start.getTime()) / 60_000),
    price: sumEuros(parts.map((p) => p.price)),
    start,
    end,
  };
}
