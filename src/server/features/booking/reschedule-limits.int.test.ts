import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CLIENT_MOVES_PER_APPOINTMENT, RESCHEDULE_RATE_RULE } from '../../../domain/booking-limits';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { appointmentChanges, appointments } from '../../db/schema';
import { arrangeSalon, newClient, type Salon } from '../../../../test/support/booking-fixtures';
import { promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// A client moving her own appointment (ADR 020) meets the same horizon as a booking, at most
// MAX_CLIENT_MOVES_PER_APPOINTMENT moves of one appointment (counted in the database) and a limit
// of moves per account and hour in the shared rate-limit store: each move mails the professional,
// so a loop must not flood her inbox (docs/decisions/031). Staff moves are not limited.
// Before: none of these held. "Now" is Wednesday 2026-01-14 11:00 in Madrid; horizon 90 days
// (2026-04-14 is the last bookable day), cap 4, cancelling policy 24 h.

const NOW = new Date('2026-01-14T10:00:00Z');
let server: TestServer;
let salon: Salon;
let admin: Session;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server, { interval: 30 });
  admin = await newClient(server, 'jefa@salon.test', 'Jefa');
  await promote(server.deps, 'jefa@salon.test', 'admin');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const book = async (who: Session, date: string, time: string): Promise<string> => {
  const res = await who.post('/api/booking', { serviceId: salon.corte, professionalId: salon.lucia, date, time });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.appointment.id;
};
const move = (who: Session, id: string, date: string, time: string) => who.post(`/api/booking/reschedule/${id}`, { professionalId: salon.lucia, date, time });
const startOf = async (id: string) => (await server.deps.db.select({ s: appointments.startTime }).from(appointments).where(eq(appointments.id, id)))[0]!.s.toISOString();
const clientMoves = async (id: string) =>
  (await server.deps.db.select({ id: appointmentChanges.id }).from(appointmentChanges).where(and(eq(appointmentChanges.appointmentId, id), eq(appointmentChanges.changedByRole, 'client')))).length;

describe('the booking horizon applies to a client’s move', () => {
  it('a move beyond the horizon is refused like a booking, its slot list is empty; the salon may still move it there', async () => {
    const marta = await newClient(server, 'marta.horizon@example.com', 'Marta');
    const id = await book(marta, '2026-01-22', '09:00');

    const slots = await marta.get(`/api/booking/reschedule/${id}/slots?professionalId=${salon.lucia}&date=2026-04-15`);
    expect(slots.status).toBe(200);
    expect(slots.body.slots).toEqual([]);
    const far = await move(marta, id, '2026-04-15', '10:00');
    expect(far.status).toBe(400);
    expect(far.body.error).toEqual({ code: 'beyond_booking_horizon', message: STAFF_MSG.bookingBeyondHorizon });
    expect(await startOf(id)).toBe('2026-01-22T08:00:00.000Z');

    expect((await move(marta, id, '2026-04-14', '10:00')).status).toBe(200);
    // The salon's own moves are the salon's calendar: not limited by the client's horizon.
    expect((await move(admin, id, '2026-04-15', '10:00')).status).toBe(200);
  });
});

describe('moves per appointment, counted in the database', () => {
  it(`after ${MAX_CLIENT_MOVES_PER_APPOINTMENT} moves the client is told to call the salon; the salon can still move it`, async () => {
    const rosa = await newClient(server, 'rosa.moves@example.com', 'Rosa');
    const id = await book(rosa, '2026-01-23', '09:00');
    for (const time of ['09:30', '10:00', '10:30']) expect((await move(rosa, id, '2026-01-23', time)).status, time).toBe(200);
    const fourth = await move(rosa, id, '2026-01-23', '11:00');
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toEqual({ code: 'reschedule_limit_reached', message: 'Esta cita ya se ha cambiado de hora 3 veces, el máximo. Si necesitas otro cambio, llama al salón.' });
    expect(await startOf(id)).toBe('2026-01-23T09:30:00.000Z');
    expect(await clientMoves(id)).toBe(3);
    expect((await move(admin, id, '2026-01-23', '11:00')).status).toBe(200);
  });

  it('simultaneous moves of one appointment never pass the limit', async () => {
    const pili = await newClient(server, 'pili.moves@example.com', 'Pili');
    const id = await book(pili, '2026-02-02', '09:00');
    for (let round = 0; round < 4; round++) {
      const times = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
      await Promise.all(times.map((t) => move(pili, id, '2026-02-02', t)));
    }
    expect(await clientMoves(id)).toBeLessThanOrEqual(MAX_CLIENT_MOVES_PER_APPOINTMENT);
  });
});

describe('moves per account and hour, in the shared store', () => {
  it(`after ${RESCHEDULE_RATE_RULE.max} moves in an hour the account is told to wait, in Spanish; others are not affected`, async () => {
    const bot = await newClient(server, 'bot.moves@example.com', 'Bot');
    const dates = ['2026-01-26', '2026-01-27', '2026-01-28', '2026-01-29'];
    const ids: string[] = [];
    for (const d of dates) ids.push(await book(bot, d, '09:00'));
    let moved = 0;
    outer: for (const [i, id] of ids.entries()) {
      for (const time of ['10:00', '11:00', '12:00']) {
        if (moved === RESCHEDULE_RATE_RULE.max) break outer;
        expect((await move(bot, id, dates[i]!, time)).status, `${dates[i]} ${time}`).toBe(200);
        moved++;
      }
    }
    const next = await move(bot, ids[3]!, dates[3]!, '12:00');
    expect(next.status).toBe(429);
    expect(next.body.error).toEqual({ code: 'too_many_reschedules', message: STAFF_MSG.rescheduleTooFast });
    const total = await Promise.all(ids.map(clientMoves));
    expect(total.reduce((a, b) => a + b, 0)).toBe(RESCHEDULE_RATE_RULE.max);

    const other = await newClient(server, 'other.moves@example.com', 'Otra');
    const mine = await book(other, '2026-01-30', '09:00');
    expect((await move(other, mine, '2026-01-30', '10:00')).status).toBe(200);
  });
});
