import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWeeklySchedule } from '../../../domain/weekly-schedule';
import { employees } from '../../db/schema';
import { newClient, nextIp, PASSWORD, userIdOf } from '../../../../test/support/booking-fixtures';
import { promote, signIn, type Session } from '../../../../test/support/http-client';
import { startMailCatcher, type MailCatcher } from '../../../../test/support/mail-catcher';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { arrangeVisitSalon, visitSalonSettings } from '../../../../test/support/visit-salon';

// The day view's "Cancelar toda la visita" (ADR 098) through the routes it calls, by the roles
// that hold the day view (the desk: admin and receptionist, ADR 063). The day's answer names each
// part's visit (the details find its other parts there); the receptionist cancels the whole visit
// from one part: every part cancelled in the day's next answer, one mail to her naming both; a
// professional, whose day holds only her own part, may not change its status, whole or not (the
// route's rules: the desk's). "Now" is Wednesday 2027-03-10 11:00 in Madrid; the visit is on
// Monday 15 March at 10:00, a manicure with Ana and a pedicure with Eva side by side.

const NOW = new Date('2027-03-10T10:00:00Z');
const MONDAY = '2027-03-15';
let server: TestServer;
let mail: MailCatcher;
let desk: Session;
let ana: Session;
let lola: Session;
let parts: [string, string];
const db = () => server.deps.db;

type DayRow = { id: string; visitId: string | null; status: string; serviceName: string };
const dayOf = async (s: Session) => {
  const res = await s.get(`/api/front-desk/day?date=${MONDAY}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.appointments as DayRow[];
};

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', SMTP_URL: mail.url } });
  await visitSalonSettings(server);
  const salon = await arrangeVisitSalon(server, { from: '10:00', to: '14:00' });
  // The receptionist: her account and the employee record that gives it the desk (ADR 063).
  desk = await newClient(server, 'recepcion@salon.test', 'Paula Recepción');
  await promote(server.deps, 'recepcion@salon.test', 'receptionist');
  await db()
    .insert(employees)
    .values({
      name: 'Paula Recepción',
      availability: defaultWeeklySchedule(),
      userId: await userIdOf(server, 'recepcion@salon.test'),
      userAccountEmail: 'recepcion@salon.test',
      accountRole: 'receptionist',
    });
  ana = await signIn(server.url, { email: 'ana@salon.test', password: PASSWORD }, nextIp());
  lola = await newClient(server, 'lola-mostrador@cliente.test', 'Lola Mostrador');
  const res = await lola.post('/api/booking/visits', {
    parts: [
      { serviceId: salon.manicure, professionalId: salon.ana },
      { serviceId: salon.pedicure, professionalId: salon.eva },
    ],
    mode: 'parallel',
    date: MONDAY,
    time: '10:00',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  parts = (res.body.visit.parts as Array<{ appointment: { id: string } }>).map((p) => p.appointment.id) as [string, string];
}, 120_000);

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

describe('the day view cancels a whole visit', () => {
  it("the desk's day names each part's visit: both parts share one id; a professional's day holds her part alone", async () => {
    const day = await dayOf(desk);
    const mine = day.filter((a) => parts.includes(a.id));
    // Side by side: the day orders the parts by start, then id.
    expect(mine.map((a) => a.serviceName).sort()).toEqual(['Manicura', 'Pedicura']);
    expect(mine[0]!.visitId).toMatch(/^[0-9a-f-]{36}$/);
    expect(mine[1]!.visitId).toBe(mine[0]!.visitId);
    expect((await dayOf(ana)).filter((a) => parts.includes(a.id)).map((a) => a.serviceName)).toEqual(['Manicura']);
  });

  it('a professional may not cancel her part of the visit, whole or not (the desk does): 403, both still confirmed', async () => {
    for (const body of [{ status: 'cancelled_by_salon', wholeVisit: true }, { status: 'cancelled_by_salon' }]) {
      const res = await ana.patch(`/api/admin/appointments/${parts[0]}/status`, body);
      expect(res.status).toBe(403);
    }
    expect((await dayOf(desk)).filter((a) => parts.includes(a.id)).map((a) => a.status)).toEqual(['confirmed', 'confirmed']);
  });

  it("Gestionar Citas' list gives each part its other parts' statuses (ADR 104), and none outside a visit", async () => {
    // Gestionar Citas is the admin's (SPEC §6).
    const admin = await newClient(server, 'admin-visita@salon.test', 'Dueña');
    await promote(server.deps, 'admin-visita@salon.test', 'admin');
    const list = await admin.get(`/api/admin/appointments?from=${MONDAY}&to=${MONDAY}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const mine = (list.body.appointments as Array<{ id: string; visitOtherStatuses: string[] | null }>).filter((a) => parts.includes(a.id));
    expect(mine.map((a) => a.visitOtherStatuses)).toEqual([['confirmed'], ['confirmed']]);
    // One part cancelled alone: the other's list says so, and the dialog no longer offers the whole visit there.
    await db().execute(sql`UPDATE appointments SET status = 'cancelled_by_salon' WHERE id = ${parts[0]}::uuid`);
    const after = await admin.get(`/api/admin/appointments?from=${MONDAY}&to=${MONDAY}`);
    const other = (after.body.appointments as Array<{ id: string; visitOtherStatuses: string[] | null }>).find((a) => a.id === parts[1]);
    expect(other?.visitOtherStatuses).toEqual(['cancelled_by_salon']);
    await db().execute(sql`UPDATE appointments SET status = 'confirmed' WHERE id = ${parts[0]}::uuid`);
  });

  it('the receptionist cancels the whole visit from its second part: both cancelled in the next day, one mail to her naming both', async () => {
    const res = await desk.patch(`/api/admin/appointments/${parts[1]}/status`, { status: 'cancelled_by_salon', wholeVisit: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await dayOf(desk)).filter((a) => parts.includes(a.id)).map((a) => a.status)).toEqual([
      'cancelled_by_salon',
      'cancelled_by_salon',
    ]);

    const hers = await mail.waitFor('lola-mostrador@cliente.test', { match: (m) => m.subject.startsWith('Cita cancelada') });
    expect(hers.subject).toBe('Cita cancelada: Manicura + Pedicura, lunes, 15 de marzo de 2027 a las 10:00');
    expect(hers.text).toContain('Servicio 1: Manicura, 10:00, con Ana Ruiz');
    expect(hers.text).toContain('Servicio 2: Pedicura, 10:00, con Eva Sanz');
    await sleep(1500);
    expect(mail.mails.filter((m) => m.to.includes('lola-mostrador@cliente.test') && m.subject.startsWith('Cita cancelada'))).toHaveLength(
      1,
    );
    const recorded = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sent_messages WHERE kind = 'cancellation' AND recipient = 'client' AND appointment_id IN (${parts[0]}::uuid, ${parts[1]}::uuid)`,
    );
    expect(recorded.rows[0]!.n).toBe(1);
  }, 60_000);
});
