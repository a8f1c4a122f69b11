import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TABLE_IDS, tableCsv, attendanceTables, clientsTables, occupancyTables, revenueTables, servicesTables } from '../../../domain/report-tables';
import { REPORTS_MSG } from '../../../domain/texts/reports';
import { defaultWeeklySchedule, emptyWeeklySchedule } from '../../../domain/weekly-schedule';
import { appointmentResources, appointments, clients, employees, employeeTimeOff, payments, resourceMaintenance, resources, salonExceptions, salonSettings } from '../../db/schema';
import { arrangeWorld, openSchedule, type World } from '../../../../test/support/salon-world';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

// The Informes against a small salon computed by hand (ADR 042). "Now" is Wednesday 2026-11-04
// 11:00 in Madrid. Lucía ("employee") and Sara ("otherEmployee") work Monday to Saturday
// 09:00-20:00 (660 minutes a day) and Sara also 01:00-04:00 on Sundays (a night shift chosen to
// land on both DST changes). The world's service is 30 minutes at 25,50 €.
//
// The week of the autumn DST change, Monday 2026-10-19 to Sunday 2026-10-25 (CEST = UTC+2 until
// the 25th at 03:00, CET = UTC+1 after):
//   Lucía  A1 Mon 19 10:00 completed (Marta)      A2 Mon 19 11:00 completed (Marta)
//          A3 Tue 20 10:00 no_show (Marta)        A4 Wed 21 10:00 cancelled_by_client (Marta)
//          A5 Fri 23 12:00 confirmed (Marta)
//   Sara   B0 2026-09-01 completed (Elena: her first visit, before the week)
//          B1 Mon 19 10:00 completed (Elena)      B2 Sat 24 23:30 completed (Elena), a Manicura at 18,00 €
//          B3 Sun 25 23:30 cancelled_by_salon     B4 Sat 18 23:30 and B5 Mon 26 00:00: outside the week
//   The salon is closed on Thursday 22; Lucía is off on Tuesday 20 from 16:00 to 18:00.
//   Payments: A1 25,50 cash; A2 20,00 card + 5,50 Bizum, all on Monday 19.
//   Cabina 1: open with the salon, Monday to Friday 10:00-18:00 (480 minutes); out of service on
//   Wednesday 21 10:00-12:00; A1 holds it (30 minutes), A3 (no-show) held it and no longer does.

const NOW = new Date('2026-11-04T10:00:00Z');
const OCT = 'period=custom&from=2026-10-19&to=2026-10-25';
let server: TestServer;
let w: World;
const ids: Record<string, string> = {};

const at = async (name: string, who: 'employee' | 'otherEmployee', client: 'client' | 'otherClient', iso: string, status: string) => {
  ids[name] = await w.appointment({ client, employee: who, start: new Date(iso), status });
};

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  w = await arrangeWorld(server, 'informes');
  const { db } = server.deps;
  await at('A1', 'employee', 'client', '2026-10-19T08:00:00Z', 'completed');
  await at('A2', 'employee', 'client', '2026-10-19T09:00:00Z', 'completed');
  await at('A3', 'employee', 'client', '2026-10-20T08:00:00Z', 'no_show');
  await at('A4', 'employee', 'client', '2026-10-21T08:00:00Z', 'cancelled_by_client');
  await at('A5', 'employee', 'client', '2026-10-23T10:00:00Z', 'confirmed');
  await at('B0', 'otherEmployee', 'otherClient', '2026-09-01T08:00:00Z', 'completed');
  await at('B1', 'otherEmployee', 'otherClient', '2026-10-19T08:00:00Z', 'completed');
  await at('B2', 'otherEmployee', 'otherClient', '2026-10-24T21:30:00Z', 'completed');
  await at('B3', 'otherEmployee', 'otherClient', '2026-10-25T22:30:00Z', 'cancelled_by_salon');
  await at('B4', 'otherEmployee', 'otherClient', '2026-10-18T21:30:00Z', 'completed');
  await at('B5', 'otherEmployee', 'otherClient', '2026-10-25T23:00:00Z', 'completed');
  // Elena has her next visit booked: she is not a client the salon is losing.
  await at('B6', 'otherEmployee', 'otherClient', '2026-11-10T09:00:00Z', 'confirmed');
  await db.update(appointments).set({ serviceName: 'Manicura', price: 18 }).where(eq(appointments.id, ids.B2!));
  await db.update(clients).set({ phone: '+34612345678' }).where(eq(clients.userId, w.uid.client));

  const sara = openSchedule();
  sara.sunday = { isWorkingDay: true, startTime: '01:00', endTime: '04:00', breaks: [] };
  await db.update(employees).set({ availability: sara }).where(eq(employees.id, w.otherEmployeeRecord));
  await db.insert(salonExceptions).values({ kind: 'closed', startDate: '2026-10-22', endDate: '2026-10-22', reason: 'Cierre' });
  await db.insert(employeeTimeOff).values({ employeeId: w.employeeRecord, startDate: '2026-10-20', endDate: '2026-10-20', startTime: '16:00', endTime: '18:00', reason: 'Médico' });

  const opening = defaultWeeklySchedule();
  for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) opening[d] = { isWorkingDay: true, startTime: '10:00', endTime: '18:00', breaks: [] };
  await db.update(salonSettings).set({ openingHours: opening });
  const [cabin] = await db.insert(resources).values({ name: 'Cabina 1', kind: 'cabina' }).returning({ id: resources.id });
  await db.insert(resourceMaintenance).values({ resourceId: cabin!.id, startDate: '2026-10-21', endDate: '2026-10-21', startTime: '10:00', endTime: '12:00', reason: 'Revisión' });
  await db.insert(appointmentResources).values([
    { appointmentId: ids.A1!, resourceId: cabin!.id, blockStart: new Date('2026-10-19T08:00:00Z'), blockEnd: new Date('2026-10-19T08:30:00Z'), active: true },
    { appointmentId: ids.A3!, resourceId: cabin!.id, blockStart: new Date('2026-10-20T08:00:00Z'), blockEnd: new Date('2026-10-20T08:30:00Z'), active: false },
  ]);
  await db.insert(payments).values([
    { appointmentId: ids.A1!, method: 'efectivo', amount: 25.5, recordedByName: 'Lucía Martín', createdAt: new Date('2026-10-19T08:35:00Z') },
    { appointmentId: ids.A2!, method: 'tarjeta', amount: 20, recordedByName: 'Lucía Martín', createdAt: new Date('2026-10-19T09:35:00Z') },
    { appointmentId: ids.A2!, method: 'bizum', amount: 5.5, recordedByName: 'Lucía Martín', createdAt: new Date('2026-10-19T09:35:00Z') },
  ]);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const get = (path: string, who: 'admin' | 'employee' | 'client' = 'admin') => w.sessions[who].get(`/api/reports${path}`);

describe('revenue', () => {
  it('completed appointments at their price, by day and by professional; payments by method', async () => {
    const r = await get(`/revenue?${OCT}`);
    expect(r.status).toBe(200);
    expect(r.body.period).toEqual({ from: '2026-10-19', to: '2026-10-25' });
    expect(r.body.bucket).toBe('day');
    // A1 + A2 + B1 on the 19th (3 × 25,50 = 76,50), B2 on the 24th at 18,00 (23:30 CEST is still the 24th).
    expect(r.body.byBucket.filter((b: { completed: number }) => b.completed > 0)).toEqual([
      { key: '2026-10-19', completed: 3, revenue: 76.5, taken: 51 },
      { key: '2026-10-24', completed: 1, revenue: 18, taken: 0 },
    ]);
    expect(r.body.byBucket).toHaveLength(7);
    // Lucía 2 × 25,50; Sara 25,50 + 18,00.
    expect(r.body.byProfessional).toEqual([
      { name: 'Lucía Martín', completed: 2, revenue: 51 },
      { name: 'Sara Molina', completed: 2, revenue: 43.5 },
    ]);
    expect(r.body.byMethod).toEqual([
      { method: 'efectivo', count: 1, amount: 25.5 },
      { method: 'tarjeta', count: 1, amount: 20 },
      { method: 'bizum', count: 1, amount: 5.5 },
    ]);
  });

  it('one professional: only her appointments and the payments of them', async () => {
    const r = await get(`/revenue?${OCT}&professionalId=${w.otherEmployeeRecord}`);
    expect(r.body.byProfessional).toEqual([{ name: 'Sara Molina', completed: 2, revenue: 43.5 }]);
    expect(r.body.byMethod).toEqual([]);
  });

  it('a login with no professional record any more is named by her account', async () => {
    const { db } = server.deps;
    const id = await w.appointment({ client: 'client', employee: 'employee', start: new Date('2026-06-10T08:00:00Z'), status: 'completed' });
    await db.update(appointments).set({ employeeId: w.uid.admin }).where(eq(appointments.id, id));
    try {
      const r = await get('/revenue?period=custom&from=2026-06-01&to=2026-06-30');
      expect(r.body.byProfessional).toEqual([{ name: 'Administración', completed: 1, revenue: 25.5 }]);
    } finally {
      await db.delete(appointments).where(eq(appointments.id, id));
    }
  });

  it('a gift card sold this month is in this month\'s sales', async () => {
    const sold = await w.sessions.admin.post('/api/gift-cards', { amount: 50, buyerName: 'Carmen Ruiz', saleMethod: 'tarjeta' });
    expect(sold.status).toBe(201);
    const r = await get('/revenue?period=month');
    expect(r.body.period).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(r.body.sales).toEqual([
      { kind: 'bono', count: 0, amount: 0 },
      { kind: 'tarjeta_regalo', count: 1, amount: 50 },
    ]);
  });
});

/** `run` with the salon's opening hours saved as the old form saved them, every day closed: "not set" (ADR 060). */
async function withoutOpeningHours(run: () => Promise<void>) {
  const { db } = server.deps;
  const [settings] = await db.select({ openingHours: salonSettings.openingHours }).from(salonSettings);
  await db.update(salonSettings).set({ openingHours: emptyWeeklySchedule() });
  try {
    await run();
  } finally {
    await db.update(salonSettings).set({ openingHours: settings!.openingHours });
  }
}

describe('occupancy', () => {
  it('booked minutes over available minutes, per professional and per cabin', async () => {
    const r = await get(`/occupancy?${OCT}`);
    expect(r.status).toBe(200);
    // Their time as booking offers it (ADR 060): their 09:00-20:00 inside the salon's opening hours,
    // Monday to Friday 10:00-18:00 (480 minutes); Saturday and Sunday the salon is closed.
    // Lucía: Mon, Tue, Wed, Fri × 480 (Thursday closed) − her time off (120) = 1800; booked A1, A2, A5 = 90.
    // Sara: 4 × 480 = 1920 (her Sunday night shift is outside the salon's hours); booked B1, B2 = 60.
    expect(r.body.byProfessional).toEqual([
      { name: 'Lucía Martín', available: 1800, booked: 90 },
      { name: 'Sara Molina', available: 1920, booked: 60 },
    ]);
    // Cabina 1: Mon, Tue, Wed, Fri × 480 − 120 of maintenance = 1800; A1 holds 30 (A3 no longer holds).
    expect(r.body.byResource).toEqual([{ name: 'Cabina 1', available: 1800, booked: 30 }]);
    // Monday 10:00-11:00: Lucía's A1 and Sara's B1 (30 + 30) of 60 + 60 available.
    expect([r.body.heatmap.booked[0][10], r.body.heatmap.available[0][10]]).toEqual([60, 120]);
  });

  it('a salon that never set its opening hours: a cabin is open from the team\'s first start to its last end, whoever the report is about', async () => {
    await withoutOpeningHours(async () => {
      // Lucía and Sara: Monday to Saturday 09:00-20:00, and Sara's Sunday 01:00-04:00 (4 hours on the 25th):
      // 4 × 660 + Wednesday's 660 − 120 of maintenance + 240, Thursday closed = 3420.
      const all = await get(`/occupancy?${OCT}`);
      const lucia = await get(`/occupancy?${OCT}&professionalId=${w.employeeRecord}`);
      expect(all.body.byResource).toEqual([{ name: 'Cabina 1', available: 3420, booked: 30 }]);
      expect(lucia.body.byResource).toEqual(all.body.byResource);
    });
  });

  it('a salon without opening hours: each professional\'s own week (6 × 660 − closure − time off, Sara\'s Sunday night of 4 hours)', async () => {
    await withoutOpeningHours(async () => {
      const r = await get(`/occupancy?${OCT}`);
      expect(r.body.byProfessional).toEqual([
        { name: 'Lucía Martín', available: 3180, booked: 90 },
        { name: 'Sara Molina', available: 3540, booked: 60 },
      ]);
    });
  });

  it('the spring DST week: Sara\'s Sunday night shift of 29 March lasts 2 hours (no opening hours set)', async () => {
    await withoutOpeningHours(async () => {
      const r = await get(`/occupancy?period=custom&from=2026-03-23&to=2026-03-29&professionalId=${w.otherEmployeeRecord}`);
      expect(r.body.byProfessional).toEqual([{ name: 'Sara Molina', available: 6 * 660 + 120, booked: 0 }]);
    });
  });

  it('time squeezed in at the desk outside the opening hours fills the day, never past 100 % (ADR 060)', async () => {
    // Monday 2026-11-16: Lucía held from 09:00 to 20:00 (22 half hours) while the salon opens 10:00-18:00.
    const squeezed: string[] = [];
    for (let i = 0; i < 22; i++) squeezed.push(await w.appointment({ client: 'client', employee: 'employee', start: new Date(Date.parse('2026-11-16T08:00:00Z') + i * 30 * 60_000), status: 'confirmed' }));
    try {
      const r = await get(`/occupancy?period=custom&from=2026-11-16&to=2026-11-16&professionalId=${w.employeeRecord}`);
      expect(r.body.byProfessional).toEqual([{ name: 'Lucía Martín', available: 480, booked: 660 }]);
      const t = occupancyTables(r.body);
      expect(t['ocupacion-profesional'].rows[0]![3]).toBe(1);
      const cells = t['ocupacion-horas'].rows.flatMap((row) => row.slice(1)).filter((v): v is number => typeof v === 'number');
      expect(cells.length).toBeGreaterThan(0);
      expect(Math.max(...cells)).toBe(1);
    } finally {
      await server.deps.db.delete(appointments).where(inArray(appointments.id, squeezed));
    }
  });
});

describe('attendance', () => {
  it('no-shows and cancellations by the client and by the salon, day by day across the DST change', async () => {
    const r = await get(`/attendance?${OCT}`);
    const days = Object.fromEntries(r.body.byBucket.map((b: { key: string }) => [b.key, b]));
    expect(days['2026-10-19']).toMatchObject({ total: 3, completed: 3, noShow: 0 });
    expect(days['2026-10-20']).toMatchObject({ total: 1, noShow: 1 });
    expect(days['2026-10-21']).toMatchObject({ total: 1, cancelledByClient: 1 });
    expect(days['2026-10-22']).toMatchObject({ total: 0 });
    // B3 at 23:30 CET on the 25th is the 25th; B5 at 00:00 on the 26th is not in the week.
    expect(days['2026-10-25']).toEqual({ key: '2026-10-25', total: 1, completed: 0, noShow: 0, cancelledByClient: 0, cancelledBySalon: 1 });
    const table = attendanceTables(r.body).asistencia;
    expect(table.rows[1]).toEqual(['20/10', 1, 1, 0, 0, 1, 0, 0]);
    expect(table.rows[3]!.slice(5)).toEqual([null, null, null]);
  });

  it('by month over a quarter: 1 April 00:30 CEST is April, not March', async () => {
    await at('M1', 'employee', 'client', '2026-03-31T22:30:00Z', 'no_show');
    await at('M2', 'employee', 'client', '2026-03-28T23:30:00Z', 'completed'); // 00:30 CET on Sunday 29th
    const r = await get('/attendance?period=custom&from=2026-01-01&to=2026-03-31');
    expect(r.body.bucket).toBe('month');
    expect(r.body.byBucket).toEqual([
      { key: '2026-01', total: 0, completed: 0, noShow: 0, cancelledByClient: 0, cancelledBySalon: 0 },
      { key: '2026-02', total: 0, completed: 0, noShow: 0, cancelledByClient: 0, cancelledBySalon: 0 },
      { key: '2026-03', total: 1, completed: 1, noShow: 0, cancelledByClient: 0, cancelledBySalon: 0 },
    ]);
    await server.deps.db.delete(appointments).where(inArray(appointments.id, [ids.M1!, ids.M2!]));
  });
});

describe('services and clients', () => {
  it('services ranked by revenue', async () => {
    const r = await get(`/services?${OCT}`);
    expect(r.body.services).toEqual([
      { name: 'Corte y peinado', completed: 3, revenue: 76.5 },
      { name: 'Manicura', completed: 1, revenue: 18 },
    ]);
  });

  it('new and returning clients; the ones not back in N days, with their phone', async () => {
    const r = await get(`/clients?${OCT}`);
    // By month: Marta's first visit is 19 October (new); Elena came first on 1 September (returning).
    expect(r.body.bucket).toBe('month');
    expect(r.body.byBucket).toEqual([{ key: '2026-10', newClients: 1, returning: 1 }]);
    const autumn = await get('/clients?period=custom&from=2026-09-01&to=2026-10-31');
    expect(autumn.body.byBucket).toEqual([
      { key: '2026-09', newClients: 1, returning: 0 },
      { key: '2026-10', newClients: 1, returning: 1 },
    ]);
    expect(r.body.lost).toEqual({ days: 90, clients: [] });
    // 7 days: Marta's last visit was 19 October; Elena came on the 26th and has the 10th of November booked.
    const week = await get(`/clients?${OCT}&days=7`);
    const [marta] = await server.deps.db.select({ id: clients.id }).from(clients).where(eq(clients.userId, w.uid.client));
    expect(week.body.lost).toEqual({ days: 7, clients: [{ id: marta!.id, name: 'Marta García', phone: '+34612345678', lastVisit: '2026-10-19', visits: 2 }] });
  });
});

describe('CSV', () => {
  const tablesOf = { revenue: revenueTables, occupancy: occupancyTables, attendance: attendanceTables, services: servicesTables, clients: clientsTables } as const;
  it.each(REPORT_TABLE_IDS)('%s has the same numbers as the JSON table', async (id) => {
    const report = (await import('../../../domain/report-tables')).REPORT_TABLES[id];
    const json = await get(`/${report}?${OCT}&days=7`);
    const csv = await get(`/csv/${id}?${OCT}&days=7`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="informe-${id}-2026-10-19-2026-10-25.csv"`);
    const table = (tablesOf[report] as (r: unknown) => Record<string, Parameters<typeof tableCsv>[0]>)(json.body)[id]!;
    // fetch's text() drops the BOM (the next test reads the bytes).
    expect(csv.body).toBe(tableCsv(table).replace(/^\uFEFF/, ''));
  });

  it('the revenue CSV in Excel-in-Spanish form: BOM, semicolons, decimal comma', async () => {
    const res = await fetch(`${server.url}/api/reports/csv/ingresos-profesional?${OCT}`, { headers: { cookie: [...w.sessions.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text).toBe('\uFEFFProfesional;Citas completadas;Ingresos por citas (€)\r\nLucía Martín;2;51,00\r\nSara Molina;2;43,50\r\n');
  });
});

describe('the rollups stay exact', () => {
  it('an appointment completed, moved to another day and deleted: the figures follow in the same transaction', async () => {
    const { db } = server.deps;
    const revenueOn = async (day: string) => (await get(`/revenue?${OCT}`)).body.byBucket.find((b: { key: string }) => b.key === day);
    await db.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, ids.A5!));
    expect(await revenueOn('2026-10-23')).toEqual({ key: '2026-10-23', completed: 1, revenue: 25.5, taken: 0 });
    await db.update(appointments).set({ startTime: new Date('2026-10-24T10:00:00Z'), endTime: new Date('2026-10-24T10:30:00Z') }).where(eq(appointments.id, ids.A5!));
    expect(await revenueOn('2026-10-23')).toEqual({ key: '2026-10-23', completed: 0, revenue: 0, taken: 0 });
    expect(await revenueOn('2026-10-24')).toEqual({ key: '2026-10-24', completed: 2, revenue: 43.5, taken: 0 });
    await db.delete(appointments).where(eq(appointments.id, ids.A5!));
    expect(await revenueOn('2026-10-24')).toEqual({ key: '2026-10-24', completed: 1, revenue: 18, taken: 0 });
  });
});

describe('the rollups are written only when a figure changes (ADR 094)', () => {
  it('a note on a completed visit leaves its report rows untouched; a price change moves them', async () => {
    const { db } = server.deps;
    const day = async () =>
      (await db.execute<{ xmin: string; revenue: string }>(sql`SELECT xmin::text AS xmin, revenue::text AS revenue FROM report_days
         WHERE day = '2026-10-19' AND employee_id = ${w.uid.employee} AND status = 'completed'`)).rows;
    const before = await day();
    expect(before).toHaveLength(1);
    await db.update(appointments).set({ notes_client: 'Trae su crema' }).where(eq(appointments.id, ids.A1!));
    expect(await day()).toEqual(before);
    await db.update(appointments).set({ price: 30 }).where(eq(appointments.id, ids.A1!));
    expect(Number((await day())[0]!.revenue)).toBeCloseTo(Number(before[0]!.revenue) + 4.5);
    await db.update(appointments).set({ price: 25.5, notes_client: '' }).where(eq(appointments.id, ids.A1!));
    expect((await day())[0]!.revenue).toBe(before[0]!.revenue);
  });
});

describe('who may read them, and bad input', () => {
  const paths = ['/revenue', '/occupancy', '/attendance', '/services', '/clients', '/csv/servicios'];
  it.each(paths)('%s: 403 for an employee and a client, 401 without a session', async (path) => {
    for (const who of ['employee', 'client'] as const) expect((await get(`${path}?period=month`, who)).status).toBe(403);
    expect((await w.sessions.anonymous.get(`/api/reports${path}?period=month`)).status).toBe(401);
  });

  it.each([
    ['period=custom&from=2026-10-25&to=2026-10-19', 400, REPORTS_MSG.fromAfterTo],
    ['period=custom&from=2024-01-01&to=2026-10-19', 400, REPORTS_MSG.rangeTooLong],
    ['period=custom&from=2026-10-01', 400, REPORTS_MSG.customDatesRequired],
    ['period=custom&from=2026-13-01&to=2026-12-01', 400, REPORTS_MSG.dateInvalid],
    ['period=week', 400, REPORTS_MSG.periodInvalid],
    ['', 400, REPORTS_MSG.periodInvalid],
    ['period=month&professionalId=00000000-0000-0000-0000-000000000000', 404, REPORTS_MSG.professionalNotFound],
    ['period=month&professionalId=nadie', 404, REPORTS_MSG.professionalNotFound],
    ['period=month&days=3', 400, REPORTS_MSG.lostDaysInvalid],
  ])('?%s is a %i in Spanish', async (query, status, message) => {
    const r = await get(`/revenue?${query}`);
    expect([r.status, r.body.error.message]).toEqual([status, message]);
  });

  it('an unknown table is a 400 in Spanish', async () => {
    const r = await get('/csv/todo?period=month');
    expect([r.status, r.body.error.message]).toEqual([400, REPORTS_MSG.tableUnknown]);
  });
});

