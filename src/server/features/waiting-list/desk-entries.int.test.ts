import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { newSession, type Session } from '../../../../test/support/http-client';
import { arrangeWorld, freshIp, WORLD_PASSWORD, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The desk puts a client on the waiting list (ADR 073, 090, 091) through the real server: every
// kind of client record (an account's, a phone-only one, an email-only one, a deleted account's),
// a range of days and an hours range, and what the desk's list of a day then shows (the entry on
// each of its days, the free times inside her hours, gone once withdrawn or past its last day).
// "Now" is Tuesday 2027-03-09, 10:00 in Madrid (CET).

const NOW = new Date('2027-03-09T09:00:00Z');
let now = NOW;
let server: TestServer;
let w: World;
let admin: Session;

beforeAll(async () => {
  server = await startTestServer({ now: () => now, env: { TRUST_PROXY: 'true' } });
  w = await arrangeWorld(server, 'mostrador');
  admin = w.sessions.admin;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function deskClient(name: string, phone: string, email: string | null) {
  const res = await admin.post('/api/front-desk/clients', { name, phone, email });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client.id as string;
}

const entry = (clientId: string, over: Record<string, unknown> = {}) => ({
  clientId,
  serviceId: w.serviceId,
  professionalId: null,
  fromDate: '2027-03-10',
  toDate: '2027-03-12',
  partOfDay: 'any',
  ...over,
});

const dayList = async (date: string, who: Session = admin) => {
  const res = await who.get(`/api/waiting-list/day?date=${date}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries as {
    id: string;
    clientName: string;
    fromTime: string | null;
    toTime: string | null;
    freeTimes: { time: string }[];
  }[];
};

describe('the desk adds a client to the waiting list', () => {
  it("an account's record, from the receptionist: on each day of its range and on no other", async () => {
    await w.appointment({ client: 'client', employee: 'employee', start: new Date('2027-03-20T09:00:00Z') });
    const { rows } = await server.deps.db.execute<{ id: string }>(sql`SELECT id FROM clients WHERE user_id = ${w.uid.client}`);
    const res = await w.sessions.receptionist.post('/api/waiting-list/entries', entry(rows[0]!.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entry).toMatchObject({ clientName: 'Marta García', source: 'staff', fromDate: '2027-03-10', toDate: '2027-03-12' });
    for (const d of ['2027-03-10', '2027-03-11', '2027-03-12'])
      expect((await dayList(d, w.sessions.receptionist)).map((e) => e.id)).toContain(res.body.entry.id);
    expect((await dayList('2027-03-13')).map((e) => e.id)).not.toContain(res.body.entry.id);
    // She sees it as her own at /lista-de-espera.
    const mine = await w.sessions.client.get('/api/waiting-list/mine');
    expect(mine.body.entries.map((e: { id: string }) => e.id)).toContain(res.body.entry.id);
  });

  it('a phone-only record, with an hours range: the free times shown start inside it', async () => {
    const id = await deskClient('Rosa Teléfono', '612 34 56 78', null);
    const res = await admin.post('/api/waiting-list/entries', entry(id, { fromTime: '16:00', toTime: '18:00' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entry).toMatchObject({ fromTime: '16:00', toTime: '18:00' });
    const listed = (await dayList('2027-03-11')).find((e) => e.id === res.body.entry.id)!;
    expect(listed).toMatchObject({ clientName: 'Rosa Teléfono', fromTime: '16:00', toTime: '18:00' });
    expect(listed.freeTimes.length).toBeGreaterThan(0);
    expect(listed.freeTimes.every((t) => t.time >= '16:00' && t.time < '18:00')).toBe(true);
  });

  it('an email-only record (a landline), for one professional', async () => {
    const id = await deskClient('Elvira Correo', '953 11 22 33', 'elvira.correo@mundo.test');
    const res = await admin.post('/api/waiting-list/entries', entry(id, { professionalId: w.employeeRecord, partOfDay: 'morning' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const listed = (await dayList('2027-03-10')).find((e) => e.id === res.body.entry.id)!;
    expect(listed.freeTimes.every((t) => t.time < '14:00')).toBe(true);
  });

  it("a deleted account's record is refused: she can no longer be told, and nothing is written", async () => {
    const s = newSession(server.url, freshIp());
    await s.post('/api/auth/sign-up/email', { name: 'Berta Baja', email: 'berta.baja@mundo.test', password: WORLD_PASSWORD });
    expect((await s.post('/api/waiting-list/mine', entry('', { clientId: undefined }))).status).toBe(201);
    const { rows } = await server.deps.db.execute<{ id: string }>(
      sql`SELECT c.id FROM clients c JOIN "user" u ON u.id = c.user_id WHERE u.email = 'berta.baja@mundo.test'`,
    );
    const record = rows[0]!.id;
    expect((await s.post('/api/my-account/delete', { confirm: 'ELIMINAR', password: WORLD_PASSWORD })).status).toBe(200);
    const res = await admin.post('/api/waiting-list/entries', entry(record));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(WAITING_MSG.clientUnreachable);
    const left = await server.deps.db.execute(sql`SELECT 1 FROM waiting_list_entries WHERE client_id = ${record}::uuid`);
    expect(left.rows).toHaveLength(0);
  });

  it('an unknown record, half an hours range, a range backwards or a bad hour: a Spanish 4xx', async () => {
    const id = await deskClient('Irene Intentos', '613 00 11 22', null);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ clientId: '00000000-0000-4000-8000-000000000000' }, 404, STAFF_MSG.clientNotFound],
      [{ fromTime: '16:00' }, 400, WAITING_MSG.hoursBackwards],
      [{ fromTime: '18:00', toTime: '16:00' }, 400, WAITING_MSG.hoursBackwards],
      [{ fromTime: '25:00', toTime: '26:00' }, 400, WAITING_MSG.invalidTime],
      [{ fromTime: 1600, toTime: '18:00' }, 400, WAITING_MSG.invalidTime],
    ];
    for (const [over, status, message] of cases) {
      const res = await admin.post('/api/waiting-list/entries', entry(id, over));
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect(res.body.error.message, JSON.stringify(over)).toBe(message);
    }
    const left = await server.deps.db.execute(sql`SELECT 1 FROM waiting_list_entries WHERE client_id = ${id}::uuid`);
    expect(left.rows).toHaveLength(0);
  });

  it('a client adds only for herself: the desk route is refused and her own takes no clientId', async () => {
    const id = await deskClient('Ajena Ajena', '614 00 11 22', null);
    expect((await w.sessions.client.post('/api/waiting-list/entries', entry(id))).status).toBe(403);
    const { clientId: _, ...own } = entry(id);
    expect((await w.sessions.client.post('/api/waiting-list/mine', { ...own, clientId: id })).status).toBe(400);
    const res = await w.sessions.client.post('/api/waiting-list/mine', { ...own, fromTime: '10:00', toTime: '12:00' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entry).toMatchObject({ clientName: 'Marta García', fromTime: '10:00', toTime: '12:00', source: 'client' });
  });

  it('withdrawn by the desk, or past its last day: off the list', async () => {
    const id = await deskClient('Wendy Retirada', '615 00 11 22', null);
    const a = (await admin.post('/api/waiting-list/entries', entry(id, { toDate: '2027-03-10' }))).body.entry.id as string;
    const b = (await admin.post('/api/waiting-list/entries', entry(id, { fromDate: '2027-03-10', toDate: '2027-03-10' }))).body.entry
      .id as string;
    expect((await admin.delete(`/api/waiting-list/entries/${a}`)).status).toBe(200);
    expect((await dayList('2027-03-10')).map((e) => e.id)).toEqual(expect.not.arrayContaining([a]));
    expect((await dayList('2027-03-10')).map((e) => e.id)).toContain(b);
    now = new Date('2027-03-11T09:00:00Z');
    try {
      // The day after its last day: the list of that day (looked back at) no longer shows it.
      expect((await dayList('2027-03-10')).map((e) => e.id)).not.toContain(b);
    } finally {
      now = NOW;
    }
  });
});
