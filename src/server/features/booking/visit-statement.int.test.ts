import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentResources, appointments, resources, serviceResourceGroupMembers, serviceResourceGroups } from '../../db/schema';
import type { Db } from '../../db/client';
import { pgConstraintOf, pgErrorCode } from '../../db/client';
import { newClient, userIdOf } from '../../../../test/support/booking-fixtures';
import { type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { arrangeVisitSalon, visitSalonSettings } from '../../../../test/support/visit-salon';
import { bookVisitAtomically, type VisitBookArgs } from './visit-insert-query';

// The visit written in ONE statement (ADR 103): every part or none, the cabins its parts hold,
// and its messages as one outbox row. "Now" is Wednesday 2026-01-14 11:00 in Madrid; Ana and
// Eva work Mon-Fri 10:00-12:00; a pedicure needs the one cabin (here), a manicure nothing.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let lola: Session;
let lolaId: string;
let ana: { id: string; userId: string };
let eva: { id: string; userId: string };
let pedicure: string;
let manicure: string;
let cabin: string;
const db = () => server.deps.db;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
  await visitSalonSettings(server);
  lola = await newClient(server, 'lola@cliente.test', 'Lola Pérez');
  lolaId = await userIdOf(server, 'lola@cliente.test');
  const salon = await arrangeVisitSalon(server);
  ana = { id: salon.ana, userId: await userIdOf(server, 'ana@salon.test') };
  eva = { id: salon.eva, userId: await userIdOf(server, 'eva@salon.test') };
  ({ manicure, pedicure } = salon);
  const [r] = await db().insert(resources).values({ name: 'Cabina 1', kind: 'cabina', position: 0 }).returning({ id: resources.id });
  cabin = r!.id;
  const [g] = await db()
    .insert(serviceResourceGroups)
    .values({ serviceId: pedicure, position: 0 })
    .returning({ id: serviceResourceGroups.id });
  await db().insert(serviceResourceGroupMembers).values({ groupId: g!.id, resourceId: cabin });
}, 90_000);

afterAll(async () => {
  await server?.close();
});

const visitOn = (date: string, time = '10:00') => ({
  parts: [
    { serviceId: pedicure, professionalId: ana.id },
    { serviceId: manicure, professionalId: eva.id },
  ],
  mode: 'parallel',
  date,
  time,
});

/** The statement run in a transaction of its own that is rolled back: what it wrote, seen before the relay could take it. */
async function inRolledBack<T>(run: (db: Db, client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    return await run({ $client: client } as unknown as Db, client);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
}

/** Both parts at 10:00 on `date` (Madrid, UTC+1 in January), Ana's pedicure with the cabin. */
function args(date: string, over: Partial<VisitBookArgs> = {}, anaUserId = ana.userId): VisitBookArgs {
  const start = new Date(`${date}T09:00:00Z`);
  const end = new Date(`${date}T10:00:00Z`);
  const values = (serviceId: string, serviceName: string, employeeName: string, price: number, resourceIds: string[]) => ({
    employeeName,
    serviceId,
    serviceName,
    serviceDuration: 60,
    price,
    startTime: start,
    endTime: end,
    notes: '',
    prepMinutes: 0,
    cleanupMinutes: 0,
    resourceIds,
  });
  return {
    now: NOW,
    visitId: crypto.randomUUID(),
    client: { clientId: lolaId, clientName: 'Lola Pérez', clientEmail: 'lola@cliente.test' },
    maxFutureAppointments: 5,
    visitDate: date,
    parts: [
      { index: 0, employeeRecordId: ana.id, expectedUserId: anaUserId, values: values(pedicure, 'Pedicura', 'Ana Ruiz', 25.5, [cabin]) },
      { index: 1, employeeRecordId: eva.id, expectedUserId: eva.userId, values: values(manicure, 'Manicura', 'Eva Sanz', 20, []) },
    ],
    ...over,
  };
}

describe('the visit in one statement', () => {
  it('through the API: both parts, the pedicure holding the cabin for its hour, the manicure nothing', async () => {
    // Her note with a lone surrogate (a hostile client's JSON "\ud800") is kept as a text parameter keeps it: U+FFFD.
    const res = await lola.post('/api/booking/visits', { ...visitOn('2026-01-19'), notes: 'Hola \ud800' });
    expect(res.status).toBe(201);
    const [pedicurePart, manicurePart] = res.body.visit.parts as Array<{ appointment: { id: string; serviceName: string; price: number } }>;
    expect([pedicurePart!.appointment.serviceName, manicurePart!.appointment.serviceName]).toEqual(['Pedicura', 'Manicura']);
    expect([pedicurePart!.appointment.price, manicurePart!.appointment.price]).toEqual([25.5, 20]);
    const held = await db()
      .select({
        appointmentId: appointmentResources.appointmentId,
        resourceId: appointmentResources.resourceId,
        start: appointmentResources.blockStart,
      })
      .from(appointmentResources);
    expect(held).toEqual([{ appointmentId: pedicurePart!.appointment.id, resourceId: cabin, start: new Date('2026-01-19T09:00:00Z') }]);
    const notes = await db()
      .select({ notes: appointments.notes_client })
      .from(appointments)
      .where(eq(appointments.visitId, res.body.visit.id));
    expect(notes).toEqual([{ notes: 'Hola \ufffd' }, { notes: 'Hola \ufffd' }]);
  });

  it('its messages are ONE outbox row: her confirmation and reminder with the pedicure, each professional her notice, in writing order', async () => {
    const outbox = await inRolledBack(async (tx, client) => {
      const a = args('2026-01-20');
      const parts = await bookVisitAtomically(tx, a);
      expect(parts.map((p) => [p.index, p.row?.serviceName])).toEqual(a.parts.map((p) => [p.index, p.values.serviceName]));
      const rows = await client.query<{ op: string; job_key: string; payload: Array<{ key: string }> }>(
        `SELECT op, job_key, payload FROM message_outbox WHERE job_key = $1`,
        [`visit:${a.visitId}`],
      );
      return { rows: rows.rows, ids: parts.map((p) => p.row!.id) };
    });
    expect(outbox.rows).toHaveLength(1);
    expect(outbox.rows[0]!.op).toBe('add_many');
    const [f, m] = outbox.ids;
    // Written in the order given (the pedicure, then the manicure): the jobs follow it.
    const byPart = {
      [f!]: [`confirmation:client:${f}:0`, `confirmation:professional:${f}:0`, `reminder:${f}`],
      [m!]: [`confirmation:professional:${m}:0`],
    };
    expect(outbox.rows[0]!.payload.map((j) => j.key)).toEqual([...byPart[f!]!, ...byPart[m!]!]);
  });

  it('a cabin taken meanwhile fails the statement: no part of the visit is written', async () => {
    await inRolledBack(async (tx, client) => {
      const a = args('2026-01-21');
      await client
        .query(
          `INSERT INTO appointments (client_id, client_name, client_email, employee_id, employee_name, service_id, service_name, service_duration, price, start_time, end_time, status)
         VALUES ($1, 'Otra', 'otra@cliente.test', $2, 'Eva Sanz', $3, 'Pedicura', 60, 25.5, $4, $5, 'confirmed') RETURNING id`,
          [lolaId, eva.userId, pedicure, '2026-01-21T15:00:00Z', '2026-01-21T16:00:00Z'],
        )
        .then((r) =>
          client.query(`INSERT INTO appointment_resources (appointment_id, resource_id, block_start, block_end) VALUES ($1, $2, $3, $4)`, [
            r.rows[0]!.id,
            cabin,
            '2026-01-21T09:30:00Z',
            '2026-01-21T10:30:00Z',
          ]),
        );
      await client.query('SAVEPOINT before');
      const err = await bookVisitAtomically(tx, a).catch((e: unknown) => e);
      expect(pgErrorCode(err)).toBe('23P01');
      expect(pgConstraintOf(err)).toBe('appointment_resources_no_overlap');
      await client.query('ROLLBACK TO SAVEPOINT before');
      const written = await client.query(`SELECT count(*)::int AS n FROM appointments WHERE visit_id = $1`, [a.visitId]);
      expect(written.rows[0]!.n).toBe(0);
    });
  });

  it("a professional relinked meanwhile: nothing written, and the statement says which part's professional it saw", async () => {
    const a = args('2026-01-22', {}, eva.userId); // Ana's record no longer linked to the account the checks saw
    const parts = await bookVisitAtomically(db(), a);
    expect(parts.map((p) => ({ index: p.index, userId: p.current?.userId, row: p.row }))).toEqual(
      expect.arrayContaining([
        { index: 0, userId: ana.userId, row: null },
        { index: 1, userId: eva.userId, row: null },
      ]),
    );
    expect(await db().select({ id: appointments.id }).from(appointments).where(eq(appointments.visitId, a.visitId))).toEqual([]);
  });

  it('at her cap: nothing written, and the count of her visits is answered', async () => {
    const a = args('2026-01-23', { maxFutureAppointments: 1 });
    const parts = await bookVisitAtomically(db(), a);
    expect(parts.every((p) => p.row === null && p.clientFuture === 1)).toBe(true);
    expect(await db().select({ id: appointments.id }).from(appointments).where(eq(appointments.visitId, a.visitId))).toEqual([]);
  });
});
