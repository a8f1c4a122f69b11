import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWeeklySchedule } from '../src/domain/weekly-schedule';
import { addDays } from '../src/domain/calendar-date';
import { eq, sql } from 'drizzle-orm';
import { appointments, bonos, bonoTypes, clients, consentDocuments, consentTemplates, consentTemplateVersions, employees, employeeServices, employeeTimeOff, resourceMaintenance, resources, salonExceptions, salonSettings, serviceConsentTemplates, services } from '../src/server/db/schema';
import { consentSignToken } from '../src/server/notifications/consent-tokens';
import { signatureDataUrl, signaturePng } from '../src/server/seed/signature-png';
import { feedTokenHash, stopRemindersToken, visitToken } from '../src/server/notifications/tokens';
import { startMetaGraph, type MetaGraph } from './support/meta-graph';
import { toldOffer } from './support/waiting-list';
import { apiRouteKeysOf } from './support/api-routes';
import { signUp, type HttpResult, type Session } from './support/http-client';
import { ACTORS, arrangeWorld, freshIp, type Actor, type World } from './support/salon-world';
import { startTestServer, type TestServer } from './support/test-server';

// Who gets in where (SPEC §6, ARCHITECTURE §1 "every permission enforced on the server, per role
// and per owner"): every /api route × {anonymous, client, another client, employee, another
// employee, admin} with the status each must get, checked against the running server.
// The list of routes is read from the app itself (Hono's route table), so a route added to app.ts
// without a row here fails the first test. "client" owns the appointments that are acted on;
// "employee" is their professional; "another …" are the same roles without any claim on them.
// Each cell gets FRESH objects (a new appointment, a new service…), so one actor's success never
// decides the next actor's answer; a refused write is checked to have changed nothing.

const NOW = new Date('2026-01-14T10:00:00Z'); // Wednesday, 11:00 in Madrid
const TODAY = '2026-01-14';
const FUTURE_DAY = '2026-01-21'; // next Wednesday: outside the 24 h cancellation window

// formerEmployee (a leaver still holding a session, ADR 032) acts as a client without a claim:
// her column is otherClient's unless a row says otherwise.
// receptionist (the desk, ADR 063) sees every professional's day: her column is the admin's unless a
// row says otherwise (the owner's own pages are adminOnly, a professional's own agenda is agendaOnly).
type Expect = Omit<Record<Actor, number>, 'formerEmployee' | 'receptionist'> & { formerEmployee?: number; receptionist?: number };
const everyone = (n: number): Expect => ({ anonymous: n, client: n, otherClient: n, employee: n, otherEmployee: n, admin: n });
const signedIn = (n: number): Expect => ({ ...everyone(n), anonymous: 401 });
const adminOnly = (n: number): Expect => ({ anonymous: 401, client: 403, otherClient: 403, employee: 403, otherEmployee: 403, receptionist: 403, admin: n });
const desk = (n: number): Expect => ({ ...adminOnly(n), receptionist: n });
const staff = (n: number): Expect => ({ anonymous: 401, client: 403, otherClient: 403, employee: n, otherEmployee: n, admin: n });
const agendaOnly = (n: number): Expect => ({ ...staff(n), receptionist: 403 });

type Outcome = { res: HttpResult; check?: (ok: boolean) => Promise<string | null> };
type Row = { expect: Expect; call: (s: Session, actor: Actor) => Promise<Outcome> };

let server: TestServer;
let w: World;
let meta: MetaGraph;
let seq = 0;
// Distinct times so fresh appointments never overlap (the exclusion constraint would refuse them).
// Appointments written straight to the database for a future day: their own counter and days (from
// 4 May), so that however many rows the matrix grows, they never land on the times the booking rows
// take through the API (nextSlot from FUTURE_DAY, deskSlot from 2 February).
let futureSeq = 0;
const futureStart = () => new Date(Date.parse('2026-05-04T08:00:00Z') + ++futureSeq * 45 * 60_000);
const startedStart = () => new Date(NOW.getTime() - 60 * 60_000 - ++seq * 45 * 60_000);
let bookingSeq = 0;
// 09:00..19:30 Madrid (30-minute service, 30-minute steps) on FUTURE_DAY and the days after:
// one fresh bookable slot per call.
const nextSlot = () => {
  const n = bookingSeq++;
  const day = new Date(Date.parse(`${FUTURE_DAY}T12:00:00Z`) + Math.floor(n / 21) * 86_400_000).toISOString().slice(0, 10);
  const minutes = 9 * 60 + (n % 21) * 30;
  return { date: day, time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
};

// Fresh front-desk slots on Lucía's ("employee") agenda, away from the days above.
let deskSeq = 0;
const deskSlot = () => {
  const n = deskSeq++;
  const k = Math.floor(n / 21);
  // 2026-02-02 is a Monday: six working days, then the Sunday is skipped.
  const day = new Date(Date.parse('2026-02-02T12:00:00Z') + (k + Math.floor(k / 6)) * 86_400_000);
  const minutes = 9 * 60 + (n % 21) * 30;
  return { date: day.toISOString().slice(0, 10), time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
};
// Visits of two 30-minute services (ADR 081) on the other professional's agenda: one a working
// day (Monday to Friday) from Monday 2 March, at 10:00.
let visitSeq = 0;
const visitSlot = () => {
  const n = visitSeq++;
  const day = new Date(Date.parse('2026-03-02T12:00:00Z') + (n + 2 * Math.floor(n / 5)) * 86_400_000);
  return { date: day.toISOString().slice(0, 10), time: '10:00' };
};
let visitServiceId: string | undefined;
async function visitService() {
  if (visitServiceId) return visitServiceId;
  const [row] = await server.deps.db.insert(services).values({ name: 'Segunda parte', duration: 30, price: 15 }).returning({ id: services.id });
  await server.deps.db.insert(employeeServices).values({ employeeId: w.otherEmployeeRecord, serviceId: row!.id });
  visitServiceId = row!.id;
  return visitServiceId;
}
// The waiting list's offers: their own days (2-7 March 2026, Madrid's winter time), one fresh
// time of Lucía's per call, away from every other counter's days.
let waitSeq = 0;
const waitSlot = () => {
  const n = waitSeq++;
  const date = `2026-03-0${2 + Math.floor(n / 21)}`;
  const minutes = 9 * 60 + (n % 21) * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { date, time, start: new Date(`${date}T${time}:00+01:00`) };
};
const waitingBody = () => ({ serviceId: w.serviceId, professionalId: null, fromDate: '2026-03-02', toDate: '2026-03-07', partOfDay: 'any' });
async function newWaitingEntry(record: string, date: string): Promise<string> {
  const { rows } = await server.deps.db.execute<{ id: string }>(sql`INSERT INTO waiting_list_entries (client_id, service_id, from_date, to_date, part_of_day, source)
    VALUES (${record}::uuid, ${w.serviceId}::uuid, ${date}::date, ${date}::date, 'any', 'staff') RETURNING id`);
  return rows[0]!.id;
}
/** A told offer of a fresh time to a fresh record: its signed link's token. */
async function newOffer(): Promise<{ token: string; record: string }> {
  const slot = waitSlot();
  const record = await newClientRecord();
  return { token: await toldOffer(server, { clientRecord: record, serviceId: w.serviceId, employeeRecord: w.employeeRecord, start: slot.start }), record };
}
async function newClientRecord(name = `Cliente ${++seq}`): Promise<string> {
  const [row] = await server.deps.db.insert(clients).values({ name, phone: '+34612345678' }).returning({ id: clients.id });
  return row!.id;
}
const clientBody = (name: string) => ({ name, phone: '612 34 56 78', email: null, notes: 'Nota privada' });
const startOf = async (id: string) => (await server.deps.db.select({ s: appointments.startTime }).from(appointments).where(eq(appointments.id, id)))[0]!.s.toISOString();

const serviceBody = { name: 'Manicura', description: '', duration: 30, price: 18, category: 'Uñas' };
const employeeBody = () => ({ name: 'Nueva', servicesOffered: [], availability: defaultWeeklySchedule(), userId: null });
const settingsBody = {
  name: 'Auna',
  address: '',
  phoneNumber: '',
  appointmentTimeSlotInterval: 15,
  cancellationPolicyHours: 24,
  openingHours: defaultWeeklySchedule(),
};

async function newService(isActive = true): Promise<string> {
  const [row] = await server.deps.db
    .insert(services)
    .values({ ...serviceBody, name: `Servicio ${++seq}`, isActive })
    .returning({ id: services.id });
  return row!.id;
}
async function newEmployee(isActive = true): Promise<string> {
  const [row] = await server.deps.db
    .insert(employees)
    .values({ name: `Empleada ${++seq}`, availability: defaultWeeklySchedule(), isActive })
    .returning({ id: employees.id });
  return row!.id;
}
const exists = async (table: 'services' | 'employees', id: string) =>
  (await server.deps.db.execute<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE id = '${id}'`)).rows[0]!.n === 1;

/** The status of appointment `id` must be `after` when the call succeeded, `before` otherwise. */
const statusCheck = (id: string, before: string, after: string) => async (ok: boolean) => {
  const now = await w.statusOf(id);
  const want = ok ? after : before;
  return now === want ? null : `appointment status ${now}, expected ${want}`;
};

/** GET of an SSE stream: the status and headers, then hang up. */
async function openStream(s: Session, path: string): Promise<HttpResult> {
  const ctrl = new AbortController();
  const headers: Record<string, string> = {};
  if (s.cookies.size > 0) headers.cookie = [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(s.url + path, { headers, signal: ctrl.signal });
  let body: unknown = null;
  if (!res.headers.get('content-type')?.includes('text/event-stream')) body = await res.json();
  ctrl.abort();
  return { status: res.status, body, headers: res.headers };
}

const MATRIX: Record<string, Row> = {
  'GET /api/health': { expect: everyone(200), call: async (s) => ({ res: await s.get('/api/health') }) },
  'GET /api/health/ready': { expect: everyone(200), call: async (s) => ({ res: await s.get('/api/health/ready') }) },
  'GET /api/admin/health': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/health') }) },
  'GET /api/me': {
    expect: signedIn(200),
    call: async (s, actor) => {
      const res = await s.get('/api/me');
      return {
        res,
        check: async (ok) => (!ok || res.body.uid === w.uid[actor as Exclude<Actor, 'anonymous'>] ? null : 'someone else’s /me'),
      };
    },
  },
  'GET /api/auth/*': {
    // Representative: the account's own sessions. Never another account's.
    expect: signedIn(200),
    call: async (s, actor) => {
      const res = await s.get('/api/auth/list-sessions');
      return {
        res,
        check: async (ok) =>
          !ok ||
          (Array.isArray(res.body) &&
            res.body.length > 0 &&
            res.body.every((x: { userId: string }) => x.userId === w.uid[actor as 'client']))
            ? null
            : 'lists sessions that are not its own',
      };
    },
  },
  'POST /api/auth/*': {
    // Representative: changing one's own profile. update-user acts on the session's own account.
    expect: signedIn(200),
    call: async (s) => ({ res: await s.post('/api/auth/update-user', { image: null }) }),
  },
  'GET /api/agenda': {
    expect: agendaOnly(200),
    call: async (s, actor) => {
      const mine = await w.appointment({ client: 'client', employee: 'employee', start: startedStart() });
      const res = await s.get(`/api/agenda?date=${TODAY}`);
      return {
        res,
        check: async (ok) => {
          if (!ok) return null;
          const ids = (res.body.appointments as { id: string; employeeId: string }[]).map((a) => a.employeeId);
          if (ids.some((e) => e !== w.uid[actor as 'employee'])) return 'agenda holds someone else’s appointments';
          const sees = (res.body.appointments as { id: string }[]).some((a) => a.id === mine);
          return sees === (actor === 'employee') ? null : `agenda ${sees ? 'shows' : 'misses'} the employee’s appointment`;
        },
      };
    },
  },
  'PATCH /api/agenda/appointments/:id': {
    // Another employee's agenda item is 404, like an unknown id (docs/decisions/007).
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 200, otherEmployee: 404, receptionist: 403, admin: 200 },
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: startedStart() });
      return {
        res: await s.patch(`/api/agenda/appointments/${id}`, { status: 'completed' }),
        check: statusCheck(id, 'confirmed', 'completed'),
      };
    },
  },
  'GET /api/admin/dashboard': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/dashboard') }) },
  'GET /api/admin/backups': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/backups') }) },
  'GET /api/admin/appointments': {
    expect: adminOnly(200),
    call: async (s) => ({ res: await s.get(`/api/admin/appointments?from=${TODAY}&to=${FUTURE_DAY}`) }),
  },
  'GET /api/admin/appointments/employees': {
    expect: adminOnly(200),
    call: async (s) => ({ res: await s.get('/api/admin/appointments/employees') }),
  },
  'PATCH /api/admin/appointments/:id/status': {
    expect: desk(200),
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      return {
        res: await s.patch(`/api/admin/appointments/${id}/status`, { status: 'cancelled_by_salon' }),
        check: statusCheck(id, 'confirmed', 'cancelled_by_salon'),
      };
    },
  },
  'GET /api/admin/services': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/services') }) },
  'POST /api/admin/services': {
    expect: adminOnly(201),
    call: async (s) => {
      const name = `Alta ${++seq}`;
      const res = await s.post('/api/admin/services', { ...serviceBody, name });
      return {
        res,
        check: async (ok) => {
          const n = (await server.deps.db.execute<{ n: number }>(`SELECT count(*)::int AS n FROM services WHERE name = '${name}'`)).rows[0]!
            .n;
          return n === (ok ? 1 : 0) ? null : `${n} services named ${name}`;
        },
      };
    },
  },
  'PUT /api/admin/services/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newService();
      const name = `Cambiado ${++seq}`;
      const res = await s.put(`/api/admin/services/${id}`, { ...serviceBody, name });
      return {
        res,
        check: async (ok) => {
          const row = (await server.deps.db.execute<{ name: string }>(`SELECT name FROM services WHERE id = '${id}'`)).rows[0]!;
          return (row.name === name) === ok ? null : `service name is ${row.name}`;
        },
      };
    },
  },
  'PATCH /api/admin/services/:id/status': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newService();
      const res = await s.patch(`/api/admin/services/${id}/status`, { isActive: false });
      return {
        res,
        check: async (ok) => {
          const row = (await server.deps.db.execute<{ is_active: boolean }>(`SELECT is_active FROM services WHERE id = '${id}'`)).rows[0]!;
          return row.is_active === !ok ? null : `service is_active ${row.is_active}`;
        },
      };
    },
  },
  'DELETE /api/admin/services/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newService(false);
      const res = await s.delete(`/api/admin/services/${id}`);
      return { res, check: async (ok) => ((await exists('services', id)) === !ok ? null : 'service deletion state wrong') };
    },
  },
  'GET /api/admin/employees': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/employees') }) },
  'POST /api/admin/employees/link-lookup': {
    expect: adminOnly(200),
    call: async (s) => ({ res: await s.post('/api/admin/employees/link-lookup', { email: w.email.otherClient }) }),
  },
  'POST /api/admin/employees': {
    expect: adminOnly(201),
    call: async (s) => {
      const name = `Alta empleada ${++seq}`;
      const res = await s.post('/api/admin/employees', { ...employeeBody(), name });
      return {
        res,
        check: async (ok) => {
          const n = (await server.deps.db.execute<{ n: number }>(`SELECT count(*)::int AS n FROM employees WHERE name = '${name}'`))
            .rows[0]!.n;
          return n === (ok ? 1 : 0) ? null : `${n} employees named ${name}`;
        },
      };
    },
  },
  'PUT /api/admin/employees/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newEmployee();
      const name = `Renombrada ${++seq}`;
      const res = await s.put(`/api/admin/employees/${id}`, { ...employeeBody(), name });
      return {
        res,
        check: async (ok) => {
          const row = (await server.deps.db.execute<{ name: string }>(`SELECT name FROM employees WHERE id = '${id}'`)).rows[0]!;
          return (row.name === name) === ok ? null : `employee name is ${row.name}`;
        },
      };
    },
  },
  'PATCH /api/admin/employees/:id/status': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newEmployee();
      const res = await s.patch(`/api/admin/employees/${id}/status`, { isActive: false });
      return {
        res,
        check: async (ok) => {
          const row = (await server.deps.db.execute<{ is_active: boolean }>(`SELECT is_active FROM employees WHERE id = '${id}'`)).rows[0]!;
          return row.is_active === !ok ? null : `employee is_active ${row.is_active}`;
        },
      };
    },
  },
  'POST /api/admin/employees/:id/revoke-access': {
    // "Quitar acceso ahora" (ADR 032) on a fresh linked account of its own, so no actor's session ends.
    expect: adminOnly(200),
    call: async (s) => {
      const who = await signUp(server.url, { email: `baja.acceso.${++seq}@matriz.test`, password: 'clave-de-acceso-1' }, freshIp());
      const uid = (await who.get('/api/me')).body.uid as string;
      const [row] = await server.deps.db
        .insert(employees)
        .values({ name: `Con cuenta ${seq}`, availability: defaultWeeklySchedule(), userId: uid })
        .returning({ id: employees.id });
      const res = await s.post(`/api/admin/employees/${row!.id}/revoke-access`, {});
      return { res, check: async (ok) => ((await countWhere('"session"', 'user_id', uid)) === (ok ? 0 : 1) ? null : 'sessions left wrongly') };
    },
  },
  'POST /api/admin/employees/:id/access': {
    // "Dar acceso" (ADR 084) to a fresh record without an account: only the admin makes her one.
    expect: adminOnly(201),
    call: async (s) => {
      const id = await newEmployee();
      const res = await s.post(`/api/admin/employees/${id}/access`, { email: `acceso.${++seq}@personal.invalid`, password: 'primera-clave-de-acceso' });
      return {
        res,
        check: async (ok) => {
          const row = (await server.deps.db.execute<{ user_id: string | null }>(`SELECT user_id FROM employees WHERE id = '${id}'`)).rows[0]!;
          return (row.user_id !== null) === ok ? null : `employee user_id ${row.user_id}`;
        },
      };
    },
  },
  'POST /api/admin/employees/:id/invitation': {
    // The invitation by email (ADR 100) to a fresh record without an account: only the admin sends one.
    expect: adminOnly(201),
    call: async (s) => {
      const id = await newEmployee();
      const res = await s.post(`/api/admin/employees/${id}/invitation`, { email: `invitada.${++seq}@matriz.test` });
      return {
        res,
        check: async (ok) => {
          const row = (await server.deps.db.execute<{ user_id: string | null }>(`SELECT user_id FROM employees WHERE id = '${id}'`)).rows[0]!;
          return (row.user_id !== null) === ok ? null : `employee user_id ${row.user_id}`;
        },
      };
    },
  },
  'DELETE /api/admin/employees/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newEmployee(false);
      const res = await s.delete(`/api/admin/employees/${id}`);
      return { res, check: async (ok) => ((await exists('employees', id)) === !ok ? null : 'employee deletion state wrong') };
    },
  },
  'GET /api/admin/settings': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/settings') }) },
  'PUT /api/admin/settings': {
    expect: adminOnly(200),
    call: async (s) => {
      const name = `Salón ${++seq}`;
      const res = await s.put('/api/admin/settings', { ...settingsBody, name });
      return {
        res,
        check: async (ok) => {
          const row = (await server.deps.db.execute<{ name: string }>(`SELECT name FROM salon_settings WHERE id = 1`)).rows[0]!;
          return (row.name === name) === ok ? null : `salon name is ${row.name}`;
        },
      };
    },
  },
  'GET /api/events': { expect: signedIn(200), call: async (s) => ({ res: await openStream(s, '/api/events') }) },
  'GET /api/catalog/services': { expect: signedIn(200), call: async (s) => ({ res: await s.get('/api/catalog/services') }) },
  'GET /api/catalog/services/:serviceId': {
    expect: signedIn(200),
    call: async (s) => ({ res: await s.get(`/api/catalog/services/${w.serviceId}`) }),
  },
  'GET /api/catalog/services/:serviceId/professionals': {
    expect: signedIn(200),
    call: async (s) => ({ res: await s.get(`/api/catalog/services/${w.serviceId}/professionals`) }),
  },
  'GET /api/booking/slots': {
    expect: signedIn(200),
    call: async (s) => ({
      res: await s.get(`/api/booking/slots?serviceId=${w.serviceId}&professionalId=${w.otherEmployeeRecord}&date=${FUTURE_DAY}`),
    }),
  },
  'POST /api/booking': {
    // Any signed-in role books for itself (SPEC §6); the client is always the session's user.
    expect: signedIn(201),
    call: async (s, actor) => {
      const slot = nextSlot();
      const res = await s.post('/api/booking', {
        serviceId: w.serviceId,
        professionalId: w.otherEmployeeRecord,
        ...slot,
        clientId: w.uid.client,
      });
      return {
        res,
        check: async (ok) => {
          if (!ok) return null;
          const row = (
            await server.deps.db.execute<{ client_id: string }>(
              `SELECT client_id FROM appointments WHERE id = '${res.body.appointment.id}'`,
            )
          ).rows[0]!;
          return row.client_id === w.uid[actor as 'client'] ? null : 'booked in someone else’s name';
        },
      };
    },
  },
  // Messages (ADR 021, 022). The one-click link and the calendar feed carry their own secret: anyone
  // holding it gets in, nobody needs a session (ADR 022).
  'GET /api/messages/preferences': { expect: signedIn(200), call: async (s) => ({ res: await s.get('/api/messages/preferences') }) },
  'PUT /api/messages/preferences': {
    expect: signedIn(200),
    call: async (s) => ({ res: await s.put('/api/messages/preferences', { reminders: true }) }),
  },
  'GET /api/messages/stop-reminders': {
    expect: everyone(200),
    call: async (s) => ({
      res: await s.get(`/api/messages/stop-reminders?token=${stopRemindersToken(server.deps.messageSecret, w.uid.client)}`),
    }),
  },
  'POST /api/messages/stop-reminders': {
    expect: everyone(200),
    call: async (s) => ({
      res: await s.post(`/api/messages/stop-reminders?token=${stopRemindersToken(server.deps.messageSecret, w.uid.client)}`, {}),
    }),
  },
  // Messaging (ADR 055, 057). The confirm/cancel link carries its own signature, for one visit:
  // anyone holding it answers for that visit, nobody needs a session. The desk's WhatsApp
  // reminders are the staff's. The webhooks answer to the provider's signature, not to a session.
  'GET /api/messaging/visit': {
    expect: everyone(200),
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      return { res: await s.get(`/api/messaging/visit?token=${visitToken(server.deps.messageSecret, { appointmentId: id, version: 0 })}`) };
    },
  },
  'POST /api/messaging/visit/confirm': {
    expect: everyone(200),
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      const res = await s.post(`/api/messaging/visit/confirm?token=${visitToken(server.deps.messageSecret, { appointmentId: id, version: 0 })}`);
      return { res, check: async (ok) => (!ok || res.body.answer === 'confirmed' ? null : `answer ${JSON.stringify(res.body)}`) };
    },
  },
  'POST /api/messaging/visit/cancel': {
    expect: everyone(200),
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      const res = await s.post(`/api/messaging/visit/cancel?token=${visitToken(server.deps.messageSecret, { appointmentId: id, version: 0 })}`);
      return { res, check: statusCheck(id, 'confirmed', 'cancelled_by_client') };
    },
  },
  'GET /api/messaging/tomorrow': { expect: staff(200), call: async (s) => ({ res: await s.get('/api/messaging/tomorrow') }) },
  'GET /api/messaging/appointments/:id/whatsapp': {
    expect: staff(200),
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      return { res: await s.get(`/api/messaging/appointments/${id}/whatsapp`) };
    },
  },
  'POST /api/messaging/appointments/:id/reminder-sent': {
    expect: staff(200),
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      const res = await s.post(`/api/messaging/appointments/${id}/reminder-sent`);
      return {
        res,
        check: async (ok) => ((await countWhere('sent_messages', 'appointment_id', id)) === (ok ? 1 : 0) ? null : 'reminder mark does not match the answer'),
      };
    },
  },
  'GET /api/messaging/clients/:id/whatsapp': {
    expect: staff(200),
    call: async (s) => ({ res: await s.get(`/api/messaging/clients/${await newClientRecord()}/whatsapp`) }),
  },
  'GET /api/webhooks/whatsapp': {
    expect: everyone(200),
    call: async (s) => ({
      res: await s.get(`/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${meta.env.WHATSAPP_VERIFY_TOKEN}&hub.challenge=42`),
    }),
  },
  'POST /api/webhooks/whatsapp': {
    // Signed as Meta signs (a delivery status of a message that is not ours): 200 whoever's cookies
    // come with it. The same body unsigned: 401 for everyone (checked beside it).
    expect: everyone(200),
    call: async (s) => {
      const body = {
        object: 'whatsapp_business_account',
        entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: meta.phoneNumberId }, statuses: [{ id: `wamid.matriz${++seq}`, status: 'read' }] } }] }],
      };
      const signature = `sha256=${createHmac('sha256', meta.env.WHATSAPP_APP_SECRET!).update(JSON.stringify(body)).digest('hex')}`;
      const res = await s.post('/api/webhooks/whatsapp', body, { 'x-hub-signature-256': signature });
      const unsigned = await s.post('/api/webhooks/whatsapp', body);
      return { res, check: async () => (unsigned.status === 401 ? null : `unsigned: ${unsigned.status}`) };
    },
  },
  // No SMS provider configured on this server: the route is not there for anyone.
  'POST /api/webhooks/sms': {
    expect: everyone(404),
    call: async (s) => ({ res: await s.post('/api/webhooks/sms', { MessageSid: 'SM0', MessageStatus: 'delivered' }) }),
  },
  'GET /api/messages/failed': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/messages/failed') }) },
  'GET /api/messages/calendar-feed': { expect: agendaOnly(200), call: async (s) => ({ res: await s.get('/api/messages/calendar-feed') }) },
  'POST /api/messages/calendar-feed': { expect: agendaOnly(200), call: async (s) => ({ res: await s.post('/api/messages/calendar-feed', {}) }) },
  'GET /api/messages/calendar.ics': {
    expect: everyone(200),
    call: async (s) => {
      const token = `matrix-feed-${++seq}`;
      await server.deps.db.execute(
        `INSERT INTO calendar_feeds (user_id, token_hash) VALUES ('${w.uid.employee}', '${feedTokenHash(token)}') ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash`,
      );
      return { res: await s.get(`/api/messages/calendar.ics?token=${token}`) };
    },
  },
  'GET /api/my-appointments': {
    expect: signedIn(200),
    call: async (s, actor) => {
      const martas = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      const res = await s.get('/api/my-appointments');
      return {
        res,
        check: async (ok) => {
          if (!ok) return null;
          const list = res.body.appointments as { id: string }[];
          const owners = await server.deps.db.execute<{ client_id: string }>(
            `SELECT client_id FROM appointments WHERE id IN (${list.map((a) => `'${a.id}'`).join(',') || 'NULL'})`,
          );
          if (owners.rows.some((o) => o.client_id !== w.uid[actor as 'client'])) return 'lists someone else’s appointments';
          return list.some((a) => a.id === martas) === (actor === 'client') ? null : 'the client’s appointment seen by the wrong people';
        },
      };
    },
  },
  'POST /api/my-appointments/:id/cancel': {
    // Another client's appointment is 404 (as a missing id): even its professional and the admin
    // cannot cancel it AS the client; the salon cancels through its own route.
    expect: { anonymous: 401, client: 200, otherClient: 404, employee: 404, otherEmployee: 404, admin: 404 },
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      return { res: await s.post(`/api/my-appointments/${id}/cancel`), check: statusCheck(id, 'confirmed', 'cancelled_by_client') };
    },
  },
  // Closures, special hours and time off. Dates far from the booking rows' days.
  'GET /api/booking/closed-days': {
    expect: signedIn(200),
    call: async (s) => ({ res: await s.get(`/api/booking/closed-days?professionalId=${w.employeeRecord}&from=2026-06-01&to=2026-06-30`) }),
  },
  // A visit of several services (ADR 081): any signed-in role books for itself, like a single booking.
  'GET /api/booking/visits/slots': {
    expect: signedIn(200),
    call: async (s) => ({ res: await s.get(`/api/booking/visits/slots?services=${w.serviceId},${await visitService()}&professionals=${w.otherEmployeeRecord},${w.otherEmployeeRecord}&mode=sequence&date=${FUTURE_DAY}`) }),
  },
  'POST /api/booking/visits': {
    expect: signedIn(201),
    call: async (s, actor) => {
      const parts = [{ serviceId: w.serviceId, professionalId: w.otherEmployeeRecord }, { serviceId: await visitService(), professionalId: w.otherEmployeeRecord }];
      // By here the rows before (the desk's included) have given the world's client the cap's 50
      // future visits; the cap is not this row's question (booking-limits and visit-booking tests).
      if (actor === 'client') await server.deps.db.execute(sql`UPDATE appointments SET status = 'cancelled_by_client' WHERE client_id = ${w.uid.client} AND status = 'confirmed'`);
      const res = await s.post('/api/booking/visits', { parts, mode: 'sequence', ...visitSlot() });
      return {
        res,
        check: async (ok) => {
          if (!ok) return null;
          const rows = await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM appointments WHERE visit_id = ${res.body.visit.id}::uuid`);
          return rows.rows[0]?.n === 2 ? null : 'the visit is not two appointments';
        },
      };
    },
  },
  // The calendar's month (ADR 061): any signed-in role, like the slot list.
  'GET /api/booking/month': {
    expect: signedIn(200),
    call: async (s) => ({ res: await s.get(`/api/booking/month?serviceId=${w.serviceId}&professionalId=cualquiera&month=2026-06`) }),
  },
  'GET /api/admin/availability': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/availability') }) },
  'POST /api/admin/availability/closures': {
    expect: adminOnly(201),
    call: async (s) => {
      const reason = `Cierre ${++seq}`;
      const res = await s.post('/api/admin/availability/closures', { kind: 'closed', startDate: '2026-06-10', endDate: '2026-06-10', reason });
      return { res, check: async (ok) => ((await countWhere('salon_exceptions', 'reason', reason)) === (ok ? 1 : 0) ? null : 'closure stored wrongly') };
    },
  },
  'POST /api/admin/availability/national-holidays': {
    expect: adminOnly(200),
    call: async (s) => ({ res: await s.post('/api/admin/availability/national-holidays', { year: 2028 }) }),
  },
  'DELETE /api/admin/availability/closures/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const [row] = await server.deps.db.insert(salonExceptions).values({ kind: 'closed', startDate: '2026-06-12', endDate: '2026-06-12', reason: 'x' }).returning({ id: salonExceptions.id });
      const res = await s.delete(`/api/admin/availability/closures/${row!.id}`);
      return { res, check: async (ok) => ((await countWhere('salon_exceptions', 'id', row!.id)) === (ok ? 0 : 1) ? null : 'closure deletion state wrong') };
    },
  },
  'POST /api/admin/availability/time-off': {
    expect: adminOnly(201),
    call: async (s) => {
      const reason = `Ausencia ${++seq}`;
      const res = await s.post('/api/admin/availability/time-off', { employeeId: w.otherEmployeeRecord, startDate: '2026-06-15', endDate: '2026-06-15', reason });
      return { res, check: async (ok) => ((await countWhere('employee_time_off', 'reason', reason)) === (ok ? 1 : 0) ? null : 'time off stored wrongly') };
    },
  },
  'DELETE /api/admin/availability/time-off/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newTimeOff(w.employeeRecord);
      const res = await s.delete(`/api/admin/availability/time-off/${id}`);
      return { res, check: async (ok) => ((await countWhere('employee_time_off', 'id', id)) === (ok ? 0 : 1) ? null : 'time off deletion state wrong') };
    },
  },
  // Cabins and machines (ADR 036): admin only.
  'GET /api/admin/resources': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/resources') }) },
  'POST /api/admin/resources': {
    expect: adminOnly(201),
    call: async (s) => {
      const name = `Cabina ${++seq}`;
      const res = await s.post('/api/admin/resources', { name, kind: 'cabina' });
      return { res, check: async (ok) => ((await countWhere('resources', 'name', name)) === (ok ? 1 : 0) ? null : 'resource stored wrongly') };
    },
  },
  'PUT /api/admin/resources/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newResource();
      const name = `Aparato ${++seq}`;
      const res = await s.put(`/api/admin/resources/${id}`, { name, kind: 'aparato' });
      return { res, check: async (ok) => ((await countWhere('resources', 'name', name)) === (ok ? 1 : 0) ? null : 'resource edited wrongly') };
    },
  },
  'PATCH /api/admin/resources/:id/status': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newResource();
      const res = await s.patch(`/api/admin/resources/${id}/status`, { isActive: false });
      const [row] = await server.deps.db.select({ isActive: resources.isActive }).from(resources).where(eq(resources.id, id));
      return { res, check: async (ok) => (row!.isActive === !ok ? null : 'resource status wrong') };
    },
  },
  'POST /api/admin/resources/:id/maintenance': {
    expect: adminOnly(201),
    call: async (s) => {
      const id = await newResource();
      const res = await s.post(`/api/admin/resources/${id}/maintenance`, { startDate: '2026-06-16', endDate: '2026-06-16', startTime: '10:00', endTime: '12:00', reason: 'Revisión' });
      return { res, check: async (ok) => ((await countWhere('resource_maintenance', 'resource_id', id)) === (ok ? 1 : 0) ? null : 'maintenance stored wrongly') };
    },
  },
  'DELETE /api/admin/resources/maintenance/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const resourceId = await newResource();
      const [m] = await server.deps.db.insert(resourceMaintenance).values({ resourceId, startDate: '2026-06-17', endDate: '2026-06-17', reason: 'x' }).returning({ id: resourceMaintenance.id });
      const res = await s.delete(`/api/admin/resources/maintenance/${m!.id}`);
      return { res, check: async (ok) => ((await countWhere('resource_maintenance', 'id', m!.id)) === (ok ? 0 : 1) ? null : 'maintenance deletion state wrong') };
    },
  },
  // Bonos (ADR 037): the admin sets types, refunds and extends; the staff sell and see a record's
  // bonos; a client sees only her own ("Mis bonos") and can neither see another's nor sell.
  'GET /api/admin/bono-types': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/bono-types') }) },
  'POST /api/admin/bono-types': {
    expect: adminOnly(201),
    call: async (s) => {
      const name = `Bono ${++seq}`;
      const res = await s.post('/api/admin/bono-types', { name, serviceIds: [w.serviceId], sessions: 5, price: 100, validityMonths: 6 });
      return { res, check: async (ok) => ((await countWhere('bono_types', 'name', name)) === (ok ? 1 : 0) ? null : 'bono type stored wrongly') };
    },
  },
  'PUT /api/admin/bono-types/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newBonoType();
      const name = `Bono editado ${++seq}`;
      const res = await s.put(`/api/admin/bono-types/${id}`, { name, serviceIds: [w.serviceId], sessions: 3, price: 60, validityMonths: 3 });
      return { res, check: async (ok) => ((await countWhere('bono_types', 'name', name)) === (ok ? 1 : 0) ? null : 'bono type edited wrongly') };
    },
  },
  'PATCH /api/admin/bono-types/:id/status': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newBonoType();
      const res = await s.patch(`/api/admin/bono-types/${id}/status`, { isActive: false });
      return { res, check: async (ok) => ((await countWhere('bono_types', 'id', id)) === 1 && (await activeBonoType(id)) === !ok ? null : 'bono type status wrong') };
    },
  },
  'GET /api/bonos/types': { expect: staff(200), call: async (s) => ({ res: await s.get('/api/bonos/types') }) },
  'GET /api/bonos/clients/:id': {
    expect: staff(200),
    call: async (s) => {
      const record = await newClientRecord();
      await newBono(record);
      const res = await s.get(`/api/bonos/clients/${record}`);
      return { res, check: async (ok) => (!ok || res.body.bonos.length === 1 ? null : 'the record’s bonos not listed') };
    },
  },
  'POST /api/bonos/clients/:id': {
    expect: staff(201),
    call: async (s) => {
      const record = await newClientRecord();
      const res = await s.post(`/api/bonos/clients/${record}`, { bonoTypeId: await newBonoType(), paymentMethod: 'bizum' });
      return { res, check: async (ok) => ((await countWhere('bonos', 'client_id', record)) === (ok ? 1 : 0) ? null : 'bono sold wrongly') };
    },
  },
  // ADR 053: her visits already booked that a new bono could cover (the sale's offer).
  'GET /api/bonos/clients/:id/visits': {
    expect: staff(200),
    call: async (s) => {
      const record = await newClientRecord();
      const res = await s.get(`/api/bonos/clients/${record}/visits?bonoTypeId=${await newBonoType()}`);
      return { res, check: async (ok) => (!ok || Array.isArray(res.body.visits) ? null : 'no visits list') };
    },
  },
  // ADR 052: the owner's discount limit and reasons, for the staff's forms.
  'GET /api/settings/discounts': {
    expect: staff(200),
    call: async (s) => {
      const res = await s.get('/api/settings/discounts');
      return { res, check: async (ok) => (!ok || Array.isArray(res.body.discountReasons) ? null : 'no reasons') };
    },
  },
  'POST /api/bonos/:id/extend': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newBono(await newClientRecord());
      const res = await s.post(`/api/bonos/${id}/extend`, { expiresOn: '2028-01-31', reason: 'Lesión' });
      return { res, check: async (ok) => ((await countWhere('bono_changes', 'bono_id', id)) === (ok ? 1 : 0) ? null : 'bono extended wrongly') };
    },
  },
  'POST /api/bonos/:id/refund': {
    expect: adminOnly(200),
    call: async (s) => {
      const id = await newBono(await newClientRecord());
      const res = await s.post(`/api/bonos/${id}/refund`, { reason: 'Se muda' });
      return { res, check: async (ok) => ((await countWhere('bono_changes', 'bono_id', id)) === (ok ? 1 : 0) ? null : 'bono refunded wrongly') };
    },
  },
  'GET /api/my-bonos': {
    expect: signedIn(200),
    call: async (s, actor) => {
      const id = await newBono(await recordOfAccount(w.uid.client));
      const res = await s.get('/api/my-bonos');
      return {
        res,
        check: async (ok) => (!ok || (res.body.bonos as { id: string }[]).some((b) => b.id === id) === (actor === 'client') ? null : 'bonos seen by the wrong person'),
      };
    },
  },
  'GET /api/my-time-off': {
    expect: { ...staff(200), admin: 403 },
    call: async (s, actor) => {
      const id = await newTimeOff(w.employeeRecord);
      const res = await s.get('/api/my-time-off');
      return {
        res,
        check: async (ok) => (!ok || (res.body.timeOff as { id: string }[]).some((t) => t.id === id) === (actor === 'employee') ? null : 'time off seen by the wrong person'),
      };
    },
  },
  'POST /api/my-time-off': {
    // Employees only, each for themselves (docs/decisions/024); the admin uses the back office.
    expect: { ...staff(201), admin: 403 },
    call: async (s) => {
      const reason = `Propia ${++seq}`;
      const res = await s.post('/api/my-time-off', { startDate: '2026-07-01', endDate: '2026-07-01', reason });
      return { res, check: async (ok) => ((await countWhere('employee_time_off', 'reason', reason)) === (ok ? 1 : 0) ? null : 'own time off stored wrongly') };
    },
  },
  'DELETE /api/my-time-off/:id': {
    // Someone else's time off is 404, like an unknown id.
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 200, otherEmployee: 404, admin: 403 },
    call: async (s) => {
      const id = await newTimeOff(w.employeeRecord);
      const res = await s.delete(`/api/my-time-off/${id}`);
      return { res, check: async (ok) => ((await countWhere('employee_time_off', 'id', id)) === (ok ? 0 : 1) ? null : 'time off deletion state wrong') };
    },
  },
  // ---- the front desk (ADR 018-020) ----
  'GET /api/front-desk/clients': { expect: staff(200), call: async (s) => ({ res: await s.get('/api/front-desk/clients?q=cliente') }) },
  'POST /api/front-desk/clients': {
    expect: staff(201),
    call: async (s) => {
      const name = `Alta cliente ${++seq}`;
      const res = await s.post('/api/front-desk/clients', clientBody(name));
      return {
        res,
        check: async (ok) => {
          const n = (await server.deps.db.execute<{ n: number }>(`SELECT count(*)::int AS n FROM clients WHERE name = '${name}'`)).rows[0]!.n;
          return n === (ok ? 1 : 0) ? null : `${n} clients named ${name}`;
        },
      };
    },
  },
  'GET /api/front-desk/clients/:id': { expect: staff(200), call: async (s) => ({ res: await s.get(`/api/front-desk/clients/${await newClientRecord()}`) }) },
  'PUT /api/front-desk/clients/:id': {
    expect: staff(200),
    call: async (s) => {
      const id = await newClientRecord();
      const name = `Renombrado ${++seq}`;
      const res = await s.put(`/api/front-desk/clients/${id}`, clientBody(name));
      return {
        res,
        check: async (ok) => {
          const row = (await server.deps.db.execute<{ name: string }>(`SELECT name FROM clients WHERE id = '${id}'`)).rows[0]!;
          return (row.name === name) === ok ? null : `client name is ${row.name}`;
        },
      };
    },
  },
  'GET /api/front-desk/day': {
    // An employee sees their own column only; the desk every professional's, and no column of its own (ADR 063).
    expect: staff(200),
    call: async (s, actor) => {
      const res = await s.get(`/api/front-desk/day?date=${FUTURE_DAY}`);
      return {
        res,
        check: async (ok) => {
          if (!ok || actor === 'admin') return null;
          if (actor === 'receptionist') {
            const users = (res.body.professionals as { userId: string | null }[]).map((p) => p.userId);
            const both = users.includes(w.uid.employee) && users.includes(w.uid.otherEmployee);
            return both && !users.includes(w.uid.receptionist) ? null : 'the desk misses a professional’s column, or has one of its own';
          }
          const users = (res.body.professionals as { userId: string }[]).map((p) => p.userId);
          const others = (res.body.appointments as { employeeId: string }[]).filter((a) => a.employeeId !== w.uid[actor as 'employee']);
          return users.length === 1 && users[0] === w.uid[actor as 'employee'] && others.length === 0 ? null : 'sees another employee’s column';
        },
      };
    },
  },
  'GET /api/front-desk/appointments/:id/changes': {
    // Another employee's appointment is 404 (as in the agenda, docs/decisions/007).
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 200, otherEmployee: 404, admin: 200 },
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      return { res: await s.get(`/api/front-desk/appointments/${id}/changes`) };
    },
  },
  'POST /api/booking/staff': {
    // On Lucía's agenda: the desk, Lucía, and a colleague booking her client with Lucía
    // (docs/decisions/086); a client never. A squeeze stays on one's own agenda (below).
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 201, otherEmployee: 201, admin: 201 },
    call: async (s) => {
      const clientId = await newClientRecord();
      const res = await s.post('/api/booking/staff', { clientId, serviceId: w.serviceId, professionalId: w.employeeRecord, ...deskSlot() });
      return {
        res,
        check: async (ok) => {
          const n = (await server.deps.db.execute<{ n: number }>(`SELECT count(*)::int AS n FROM appointments WHERE client_record_id = '${clientId}'`)).rows[0]!.n;
          return n === (ok ? 1 : 0) ? null : `${n} appointments for the new client`;
        },
      };
    },
  },
  'POST /api/booking/visits/staff': {
    // ADR 104: a visit for a client record, as the staff booking above: the desk and every
    // professional (here both parts with Sara, a colleague for Lucía); a client never.
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 201, otherEmployee: 201, admin: 201 },
    call: async (s) => {
      const clientId = await newClientRecord();
      const parts = [{ serviceId: w.serviceId, professionalId: w.otherEmployeeRecord }, { serviceId: await visitService(), professionalId: w.otherEmployeeRecord }];
      const res = await s.post('/api/booking/visits/staff', { clientId, parts, mode: 'sequence', ...visitSlot() });
      return {
        res,
        check: async (ok) => {
          const n = (await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM appointments WHERE client_record_id = ${clientId}::uuid`)).rows[0]!.n;
          return n === (ok ? 2 : 0) ? null : `${n} appointments for the new client`;
        },
      };
    },
  },
  'GET /api/booking/reschedule/:id/slots': {
    expect: { anonymous: 401, client: 200, otherClient: 404, employee: 200, otherEmployee: 403, admin: 200 },
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      return { res: await s.get(`/api/booking/reschedule/${id}/slots?professionalId=${w.employeeRecord}&date=${FUTURE_DAY}`) };
    },
  },
  'POST /api/booking/reschedule/:id': {
    // Its client (own only: another's is 404), its professional, the admin; another employee 403.
    expect: { anonymous: 401, client: 200, otherClient: 404, employee: 200, otherEmployee: 403, admin: 200 },
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: futureStart() });
      const before = await startOf(id);
      const res = await s.post(`/api/booking/reschedule/${id}`, { professionalId: w.employeeRecord, ...deskSlot() });
      return { res, check: async (ok) => ((await startOf(id)) !== before) === ok ? null : 'moved when refused, or not moved when allowed' };
    },
  },
  // The desk fits people in (ADR 058): a squeeze on Lucía's agenda, blocks of her time.
  'POST /api/booking/squeeze': {
    // The admin and Lucía; another employee 403 (a squeeze stays on one's own agenda, docs/decisions/086); a client never (403).
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 201, otherEmployee: 403, admin: 201 },
    call: async (s) => {
      const clientId = await newClientRecord();
      const minutes = 20 * 60 + (++seq % 40) * 5;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const date = `2026-03-${String(2 + (seq % 5)).padStart(2, '0')}`;
      const res = await s.post('/api/booking/squeeze', { clientId, serviceId: w.serviceId, professionalId: w.employeeRecord, date, time, confirmOutsideHours: true });
      return {
        res,
        check: async (ok) => {
          const n = (await server.deps.db.execute<{ n: number }>(`SELECT count(*)::int AS n FROM appointments WHERE client_record_id = '${clientId}'`)).rows[0]!.n;
          return n === (ok ? 1 : 0) ? null : `${n} appointments for the squeezed client`;
        },
      };
    },
  },
  'POST /api/blocks': {
    // Lucía blocks her own time, the admin anyone's; another employee may not block Lucía's (403).
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 201, otherEmployee: 403, admin: 201 },
    call: async (s) => {
      const reason = `Bloqueo ${++seq}`;
      const res = await s.post('/api/blocks', { employeeId: w.employeeRecord, date: '2026-03-10', startTime: '20:00', endTime: '20:30', reason });
      return { res, check: async (ok) => ((await countWhere('employee_time_off', 'reason', reason)) === (ok ? 1 : 0) ? null : 'block stored wrongly') };
    },
  },
  'DELETE /api/blocks/:id': {
    // Someone else's block is 404, like an unknown id.
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 200, otherEmployee: 404, admin: 200 },
    call: async (s) => {
      const [row] = await server.deps.db
        .insert(employeeTimeOff)
        .values({ employeeId: w.employeeRecord, startDate: '2026-03-11', endDate: '2026-03-11', startTime: '10:00', endTime: '11:00', reason: 'x', isBlock: true })
        .returning({ id: employeeTimeOff.id });
      const res = await s.delete(`/api/blocks/${row!.id}`);
      return { res, check: async (ok) => ((await countWhere('employee_time_off', 'id', row!.id)) === (ok ? 0 : 1) ? null : 'block deletion state wrong') };
    },
  },
  // Gift cards and payments (ADR 038, 039): the staff's; an employee pays only her own appointments; the Caja is the admin's.
  'GET /api/gift-cards': { expect: staff(200), call: async (s) => ({ res: await s.get('/api/gift-cards') }) },
  'POST /api/gift-cards': {
    expect: staff(201),
    call: async (s) => {
      const buyerName = `Compradora ${++seq}`;
      const res = await s.post('/api/gift-cards', { amount: 30, buyerName, saleMethod: 'efectivo' });
      return { res, check: async (ok) => ((await countWhere('gift_cards', 'buyer_name', buyerName)) === (ok ? 1 : 0) ? null : 'gift card stored wrongly') };
    },
  },
  'POST /api/gift-cards/lookup': {
    expect: staff(200),
    call: async (s) => {
      const { code } = (await w.sessions.admin.post('/api/gift-cards', { amount: 10, buyerName: 'Para buscar', saleMethod: 'bizum' })).body;
      return { res: await s.post('/api/gift-cards/lookup', { code }) };
    },
  },
  'GET /api/gift-cards/:id': {
    expect: staff(200),
    call: async (s) => {
      const { giftCard } = (await w.sessions.admin.post('/api/gift-cards', { amount: 10, buyerName: 'Para ver', saleMethod: 'bizum' })).body;
      return { res: await s.get(`/api/gift-cards/${giftCard.id}`) };
    },
  },
  'GET /api/payments/appointments/:id': {
    expect: { ...staff(200), otherEmployee: 404 },
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: startedStart(), status: 'completed' });
      return { res: await s.get(`/api/payments/appointments/${id}`) };
    },
  },
  'POST /api/payments/appointments/:id': {
    expect: { ...staff(201), otherEmployee: 404 },
    call: async (s) => {
      const id = await w.appointment({ client: 'client', employee: 'employee', start: startedStart(), status: 'completed' });
      const res = await s.post(`/api/payments/appointments/${id}`, { lines: [{ method: 'efectivo', amount: 25.5 }] });
      return { res, check: async (ok) => ((await countWhere('payments', 'appointment_id', id)) === (ok ? 1 : 0) ? null : 'payment stored wrongly') };
    },
  },
  'GET /api/payments/caja': { expect: desk(200), call: async (s) => ({ res: await s.get(`/api/payments/caja?date=${TODAY}`) }) },
  'GET /api/payments/caja/csv': { expect: desk(200), call: async (s) => ({ res: await s.get(`/api/payments/caja/csv?date=${TODAY}`) }) },
  // The till and its close (ADR 054): the desk's (TILL_ROLES: the admin and the receptionist, ADR 063); reopening, a payment line's void or correction, the admin's.
  'GET /api/cash-close/pending': { expect: desk(200), call: async (s) => ({ res: await s.get('/api/cash-close/pending') }) },
  'GET /api/cash-close/days/:date': { expect: desk(200), call: async (s) => ({ res: await s.get(`/api/cash-close/days/${TODAY}`) }) },
  'POST /api/cash-close/days/:date/open': {
    expect: desk(201),
    call: async (s) => {
      const day = tillDay();
      const res = await s.post(`/api/cash-close/days/${day}/open`, { openingFloat: 150 });
      return { res, check: async (ok) => ((await countWhere('cash_days', 'day', day)) === (ok ? 1 : 0) ? null : 'till opened wrongly') };
    },
  },
  'POST /api/cash-close/days/:date/close': {
    expect: desk(201),
    call: async (s) => {
      const day = await openTill();
      const res = await s.post(`/api/cash-close/days/${day}/close`, { counted: 150, expected: 150 });
      return { res, check: async (ok) => ((await countWhere('cash_closes', 'day', day)) === (ok ? 1 : 0) ? null : 'till closed wrongly') };
    },
  },
  'POST /api/cash-close/days/:date/reopen': {
    expect: adminOnly(200),
    call: async (s) => {
      const day = await openTill(true);
      const res = await s.post(`/api/cash-close/days/${day}/reopen`, { reason: 'Se cerró antes de tiempo' });
      const standing = async () => (await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM cash_closes WHERE day = ${day} AND reopened_at IS NULL`)).rows[0]!.n;
      return { res, check: async (ok) => ((await standing()) === (ok ? 0 : 1) ? null : 'reopened wrongly') };
    },
  },
  'POST /api/cash-close/movements': {
    expect: desk(201),
    call: async (s) => {
      await server.deps.db.execute(sql`INSERT INTO cash_days (day, opening_float, opened_by_name, opened_at) VALUES (${TODAY}, 100, 'Matriz', now()) ON CONFLICT DO NOTHING`);
      const reason = `Compra de algodón ${++seq}`;
      const res = await s.post('/api/cash-close/movements', { kind: 'salida', amount: 12.5, reason });
      return { res, check: async (ok) => ((await countWhere('cash_movements', 'reason', reason)) === (ok ? 1 : 0) ? null : 'movement stored wrongly') };
    },
  },
  'POST /api/payments/lines/:id/void': {
    expect: adminOnly(200),
    call: async (s) => {
      const line = await paidLine();
      const res = await s.post(`/api/payments/lines/${line}/void`, { reason: 'Cobro duplicado' });
      return { res, check: async (ok) => ((await countWhere('payment_corrections', 'payment_id', line)) === (ok ? 1 : 0) ? null : 'line voided wrongly') };
    },
  },
  'POST /api/payments/lines/:id/correct': {
    expect: adminOnly(200),
    call: async (s) => {
      const line = await paidLine();
      const res = await s.post(`/api/payments/lines/${line}/correct`, { method: 'bizum', amount: 25.5, reason: 'Fue por Bizum' });
      return { res, check: async (ok) => ((await countWhere('payment_corrections', 'payment_id', line)) === (ok ? 1 : 0) ? null : 'line corrected wrongly') };
    },
  },
  // Informes (ADR 042): the owner's only.
  'GET /api/reports/revenue': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/reports/revenue?period=month') }) },
  'GET /api/reports/occupancy': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/reports/occupancy?period=month') }) },
  'GET /api/reports/attendance': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/reports/attendance?period=month') }) },
  'GET /api/reports/services': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/reports/services?period=month') }) },
  'GET /api/reports/clients': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/reports/clients?period=month') }) },
  'GET /api/reports/csv/:table': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/reports/csv/servicios?period=month') }) },
  // RGPD (ADR 026): one's own data only.
  'GET /api/my-account/export': {
    expect: signedIn(200),
    call: async (s, actor) => {
      const res = await s.get('/api/my-account/export');
      return {
        res,
        check: async (ok) => {
          if (!ok) return null;
          return res.body.account?.id === w.uid[actor as 'client'] ? null : 'exported someone else’s data';
        },
      };
    },
  },
  'POST /api/my-account/delete': {
    // A client deletes their own account; staff accounts are refused. A client cell signs up a
    // throwaway client of its own, so the world's clients stay for the other rows.
    // A leaver's account is still an employee account: she asks the salon (my-account/service.ts).
    expect: { anonymous: 401, client: 200, otherClient: 200, employee: 403, otherEmployee: 403, formerEmployee: 403, admin: 403 },
    call: async (s, actor) => {
      const session = actor === 'client' || actor === 'otherClient' ? await signUp(server.url, { email: `baja.${++seq}@matriz.test`, password: 'clave-de-baja-1' }, freshIp()) : s;
      const res = await session.post('/api/my-account/delete', { confirm: 'ELIMINAR' });
      return {
        res,
        check: async () => {
          const left = await server.deps.db.execute<{ n: number }>(`SELECT count(*)::int AS n FROM "user" WHERE id IN ('${Object.values(w.uid).join("','")}')`);
          return left.rows[0]!.n === Object.values(w.uid).length ? null : 'a world account was deleted';
        },
      };
    },
  },
  'GET /api/privacy': { expect: everyone(200), call: async (s) => ({ res: await s.get('/api/privacy') }) },
  // The salon's public page and its free times (ADRs 078, 079): anyone, signed in or not; nothing personal in them.
  'GET /api/public-page': {
    expect: everyone(200),
    call: async (s) => {
      const res = await s.get('/api/public-page');
      return { res, check: async () => (/userId|@|"email"/.test(JSON.stringify(res.body)) ? 'the public profile names an account' : null) };
    },
  },
  'GET /api/booking/public/slots': {
    expect: everyone(200),
    call: async (s) => ({ res: await s.get(`/api/booking/public/slots?serviceId=${w.serviceId}&professionalId=${w.otherEmployeeRecord}&date=${FUTURE_DAY}`) }),
  },
  'GET /api/booking/public/month': {
    expect: everyone(200),
    call: async (s) => ({ res: await s.get(`/api/booking/public/month?serviceId=${w.serviceId}&professionalId=cualquiera&month=2026-06`) }),
  },
  // A visit's free times for anyone (ADR 105): the signed-in visit read's answer, times only.
  'GET /api/booking/public/visits/slots': {
    expect: everyone(200),
    call: async (s) => {
      const res = await s.get(`/api/booking/public/visits/slots?services=${w.serviceId},${await visitService()}&professionals=${w.otherEmployeeRecord},${w.otherEmployeeRecord}&mode=sequence&date=${FUTURE_DAY}`);
      return { res, check: async () => (/userId|clientId|@|"email"|"name"/.test(JSON.stringify(res.body)) ? 'the public visit times name someone' : null) };
    },
  },
  'GET /api/email-verification': {
    expect: signedIn(200),
    call: async (s, actor) => {
      const res = await s.get('/api/email-verification');
      return { res, check: async (ok) => (!ok || res.body.email === w.email[actor as 'client'] ? null : 'someone else’s email') };
    },
  },
  // Signed consents (ADR 041, 051): templates are the admin's; the link is a capability (anyone
  // holding it: /firma/<token> puts it in a cookie for /api/consents/link); a document is read by
  // its client, the admin, and the professional who treats her for a visit of that consent within
  // its window (another employee: 403; another client: 404, as a missing one); every read and
  // every refused one is logged. Witnessing at reception: the admin and her professional only.
  // Each row gets a fresh visit of a service that requires a consent, or a fresh signed document.
  'GET /api/admin/consent-templates': { expect: adminOnly(200), call: async (s) => ({ res: await s.get('/api/admin/consent-templates') }) },
  'POST /api/admin/consent-templates': {
    expect: adminOnly(201),
    call: async (s) => {
      const title = `Consentimiento ${++seq}`;
      const res = await s.post('/api/admin/consent-templates', { title, body: 'Texto', questions: [], validity: { kind: 'visit' }, serviceIds: [] });
      return { res, check: async (ok) => ((await countWhere('consent_templates', 'title', title)) === (ok ? 1 : 0) ? null : 'template stored wrongly') };
    },
  },
  'PUT /api/admin/consent-templates/:id': {
    expect: adminOnly(200),
    call: async (s) => {
      const { templateId } = await newConsentTemplate();
      const res = await s.put(`/api/admin/consent-templates/${templateId}`, { title: 'Otro título', body: 'Otro texto', questions: [], validity: { kind: 'visit' }, serviceIds: [] });
      return { res, check: async (ok) => ((await countWhere('consent_template_versions', 'template_id', templateId)) === (ok ? 2 : 1) ? null : 'template edited wrongly') };
    },
  },
  'GET /api/admin/consent-documents/:id/access-log': {
    expect: adminOnly(200),
    call: async (s) => ({ res: await s.get(`/api/admin/consent-documents/${(await newConsentDocument()).documentId}/access-log`) }),
  },
  'GET /api/consents/link': {
    expect: everyone(200),
    call: async (s) => ({ res: await (await openLink(s, await consentVisit())).get('/api/consents/link') }),
  },
  'POST /api/consents/link': {
    expect: everyone(201),
    call: async (s) => {
      const visit = await consentVisit();
      const res = await (await openLink(s, visit)).post('/api/consents/link', { ...(await signBody()), appointmentId: visit });
      return { res, check: async (ok) => ((await countWhere('consent_documents', 'appointment_id', visit)) === (ok ? 1 : 0) ? null : 'document stored wrongly') };
    },
  },
  'GET /api/consents/link/documents/:documentId/pdf': {
    expect: everyone(200),
    call: async (s) => {
      const { visit, documentId } = await newConsentDocument();
      return { res: await (await openLink(s, visit)).get(`/api/consents/link/documents/${documentId}/pdf`) };
    },
  },
  'GET /api/consents/appointments/:id/documents': {
    // The desk witnesses signatures but reads no answers (ADR 051, 063).
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 200, otherEmployee: 404, receptionist: 404, admin: 200 },
    call: async (s) => {
      const { visit, documentId } = await newConsentDocument();
      const res = await s.get(`/api/consents/appointments/${visit}/documents`);
      return { res, check: async (ok) => ((await accessLogged(documentId, 'allowed')) === (ok ? 1 : 0) ? null : 'read not logged') };
    },
  },
  'GET /api/consents/documents/:id': {
    expect: { anonymous: 401, client: 200, otherClient: 404, employee: 200, otherEmployee: 403, receptionist: 404, admin: 200 },
    call: async (s) => {
      const { documentId } = await newConsentDocument();
      const res = await s.get(`/api/consents/documents/${documentId}`);
      return { res, check: async (ok) => readAndRefusalsLogged(documentId, ok, res.status) };
    },
  },
  'GET /api/consents/documents/:id/pdf': {
    expect: { anonymous: 401, client: 200, otherClient: 404, employee: 200, otherEmployee: 403, receptionist: 404, admin: 200 },
    call: async (s) => {
      const { documentId } = await newConsentDocument();
      const res = await s.get(`/api/consents/documents/${documentId}/pdf`);
      return { res, check: async (ok) => readAndRefusalsLogged(documentId, ok, res.status) };
    },
  },
  // Her phone and channel (ADR 057): her own, whoever is signed in; nobody else's.
  'GET /api/my-account/contact': { expect: signedIn(200), call: async (s) => ({ res: await s.get('/api/my-account/contact') }) },
  'PUT /api/my-account/contact': {
    expect: signedIn(200),
    call: async (s) => {
      const res = await s.put('/api/my-account/contact', { phone: '612 34 56 78', messageChannel: 'email' });
      return { res, check: async (ok) => (!ok || res.body.phone === '+34612345678' ? null : `contact ${JSON.stringify(res.body)}`) };
    },
  },
  'POST /api/my-account/phone-note/dismiss': { expect: signedIn(200), call: async (s) => ({ res: await s.post('/api/my-account/phone-note/dismiss') }) },
  'GET /api/my-account/consents': {
    expect: signedIn(200),
    call: async (s, actor) => {
      const { documentId } = await newConsentDocument();
      const res = await s.get('/api/my-account/consents');
      return {
        res,
        check: async (ok) => (!ok || (res.body.documents as { id: string }[]).some((d) => d.id === documentId) === (actor === 'client') ? null : 'documents seen by the wrong person'),
      };
    },
  },
  'GET /api/front-desk/appointments/:id/consent': {
    expect: { ...staff(200), otherEmployee: 404 },
    call: async (s) => ({ res: await s.get(`/api/front-desk/appointments/${await consentVisit()}/consent`) }),
  },
  'POST /api/front-desk/appointments/:id/consent': {
    expect: { ...staff(201), otherEmployee: 404 },
    call: async (s) => {
      const visit = await consentVisit();
      const res = await s.post(`/api/front-desk/appointments/${visit}/consent`, await signBody());
      return { res, check: async (ok) => ((await countWhere('consent_documents', 'appointment_id', visit)) === (ok ? 1 : 0) ? null : 'document stored wrongly') };
    },
  },
  // Signing at reception as a kiosk (ADR 068): the witness locks her own session and, here, at once
  // unlocks it with her PIN, so the actor's session goes on to the next rows.
  'POST /api/kiosk': {
    expect: { ...staff(201), otherEmployee: 404 },
    call: async (s) => {
      const res = await s.post('/api/kiosk', { appointmentId: await consentVisit(), pin: '2468' });
      return {
        res,
        check: async (ok) => {
          if (!ok) return null;
          const locked = await s.get('/api/agenda');
          const ended = await s.post('/api/kiosk/end', { pin: '2468' });
          return locked.status === 403 && ended.status === 200 ? null : `kiosk not locked (${locked.status}) or not ended (${ended.status})`;
        },
      };
    },
  },
  'GET /api/kiosk': {
    expect: staff(404),
    call: async (s) => ({ res: await s.get('/api/kiosk') }),
  },
  'POST /api/kiosk/end': {
    expect: staff(404),
    call: async (s) => ({ res: await s.post('/api/kiosk/end', { pin: '2468' }) }),
  },
  'GET /api/front-desk/clients/:id/consents': {
    expect: { anonymous: 401, client: 403, otherClient: 403, employee: 200, otherEmployee: 403, receptionist: 403, admin: 200 },
    call: async (s) => ({ res: await s.get(`/api/front-desk/clients/${(await newConsentDocument()).recordId}/consents`) }),
  },
  // The waiting list (ADR 070-073). An offer's link carries its own signature, for one offer:
  // anyone holding it books that time for that client, nobody needs a session. Her own entries
  // need her session; the desk's list, entries and offers are the staff's (the day view's roles).
  'GET /api/waiting-list/offer': { expect: everyone(200), call: async (s) => ({ res: await s.get(`/api/waiting-list/offer?token=${(await newOffer()).token}`) }) },
  'POST /api/waiting-list/offer/book': {
    expect: everyone(200),
    call: async (s) => {
      const o = await newOffer();
      const res = await s.post(`/api/waiting-list/offer/book?token=${o.token}`);
      return { res, check: async (ok) => ((await countWhere('appointments', 'client_record_id', o.record)) === (ok ? 1 : 0) ? null : 'booking does not match the answer') };
    },
  },
  'POST /api/waiting-list/offer/withdraw': { expect: everyone(200), call: async (s) => ({ res: await s.post(`/api/waiting-list/offer/withdraw?token=${(await newOffer()).token}`) }) },
  'GET /api/waiting-list/mine': { expect: signedIn(200), call: async (s) => ({ res: await s.get('/api/waiting-list/mine') }) },
  'POST /api/waiting-list/mine': { expect: signedIn(201), call: async (s) => ({ res: await s.post('/api/waiting-list/mine', waitingBody()) }) },
  'DELETE /api/waiting-list/mine/:id': {
    expect: signedIn(200),
    call: async (s) => {
      const made = await s.post('/api/waiting-list/mine', waitingBody());
      return { res: await s.delete(`/api/waiting-list/mine/${made.body?.entry?.id ?? '00000000-0000-4000-8000-000000000000'}`) };
    },
  },
  'GET /api/waiting-list/day': { expect: staff(200), call: async (s) => ({ res: await s.get('/api/waiting-list/day?date=2026-03-02') }) },
  'POST /api/waiting-list/entries': { expect: staff(201), call: async (s) => ({ res: await s.post('/api/waiting-list/entries', { ...waitingBody(), clientId: await newClientRecord() }) }) },
  'POST /api/waiting-list/entries/:id/offer': {
    expect: staff(200),
    call: async (s) => {
      const slot = waitSlot();
      const entry = await newWaitingEntry(await newClientRecord(), slot.date);
      return { res: await s.post(`/api/waiting-list/entries/${entry}/offer`, { professionalId: w.employeeRecord, date: slot.date, time: slot.time }) };
    },
  },
  'DELETE /api/waiting-list/entries/:id': {
    expect: staff(200),
    call: async (s) => ({ res: await s.delete(`/api/waiting-list/entries/${await newWaitingEntry(await newClientRecord(), '2026-03-02')}`) }),
  },
  // Her own account only: there is no address in the body to choose.
  'POST /api/email-verification/resend': { expect: signedIn(200), call: async (s) => ({ res: await s.post('/api/email-verification/resend', {}) }) },
  'POST /api/email-verification/resend-for-account': {
    expect: adminOnly(200),
    call: async (s) => ({ res: await s.post('/api/email-verification/resend-for-account', { email: w.email.client }) }),
  },
};

// Bonos (ADR 037): a type covering the world's service, a bono of a record, an account's record.
const newBonoType = async () =>
  (await server.deps.db.insert(bonoTypes).values({ name: `Tipo ${++seq}`, sessions: 5, price: 100, validityMonths: 6 }).returning({ id: bonoTypes.id }))[0]!.id;
const activeBonoType = async (id: string) => (await server.deps.db.select({ a: bonoTypes.isActive }).from(bonoTypes).where(eq(bonoTypes.id, id)))[0]!.a;
async function newBono(clientId: string): Promise<string> {
  const bonoTypeId = await newBonoType();
  const [row] = await server.deps.db
    .insert(bonos)
    .values({ bonoTypeId, clientId, name: 'Bono', sessions: 5, price: 100, expiresOn: '2027-01-14', paymentMethod: 'efectivo', amount: 100, soldByName: 'Dueña' })
    .returning({ id: bonos.id });
  return row!.id;
}
async function recordOfAccount(userId: string): Promise<string> {
  const [row] = await server.deps.db.insert(clients).values({ name: 'Cliente', userId }).onConflictDoUpdate({ target: clients.userId, set: { userId } }).returning({ id: clients.id });
  return row!.id;
}
// Signed consents (ADR 041): a service of their own that requires a template (the world's service
// requires none, so the rows that complete visits are not refused), visits of it, signed documents.
let consentService: { serviceId: string; templateId: string; versionId: string } | undefined;
async function newConsentTemplate(serviceId?: string) {
  const [t] = await server.deps.db.insert(consentTemplates).values({ title: `Plantilla ${++seq}` }).returning({ id: consentTemplates.id });
  const [v] = await server.deps.db
    .insert(consentTemplateVersions)
    .values({ templateId: t!.id, version: 1, title: 'Consentimiento', body: 'Texto', questions: [], validityKind: 'visit' })
    .returning({ id: consentTemplateVersions.id });
  if (serviceId) await server.deps.db.insert(serviceConsentTemplates).values({ serviceId, templateId: t!.id });
  return { templateId: t!.id, versionId: v!.id };
}
async function consentVisit(): Promise<string> {
  if (!consentService) {
    const serviceId = await newService();
    consentService = { serviceId, ...(await newConsentTemplate(serviceId)) };
  }
  // Their own times, far from every other row's, and within the window her professional reads
  // them in (ADR 051: from two days before to the day after): today after NOW, to the 16th.
  const start = new Date(Date.parse('2026-01-14T12:00:00Z') + ++consentSeq * 30 * 60_000);
  if (start.getTime() >= Date.parse('2026-01-16T22:30:00Z')) throw new Error('consent visits outside their window: space them differently');
  const id = await w.appointment({ client: 'client', employee: 'employee', start });
  await server.deps.db.update(appointments).set({ serviceId: consentService.serviceId }).where(eq(appointments.id, id));
  return id;
}
let consentSeq = 0;
/** Her browser opened the mailed link /firma/<token>: the server put the token in its cookie (ADR 051). */
async function openLink(s: Session, visit: string): Promise<Session> {
  // The visit's link generation: consentVisit moved it to the consent's service, which raised it.
  const [a] = await server.deps.db.select({ g: appointments.consentLinkGeneration }).from(appointments).where(eq(appointments.id, visit));
  const res = await s.get(`/firma/${consentSignToken(server.deps.messageSecret, visit, a!.g)}`);
  if (res.status !== 303) throw new Error(`/firma/<token> answered ${res.status}`);
  return s;
}
const accessLogged = async (documentId: string, outcome: 'allowed' | 'refused') =>
  (await server.deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM consent_access_log WHERE document_id = ${documentId}::uuid AND outcome = ${outcome}`)).rows[0]!.n;
/** An allowed read is logged once; a refused one (403, or a client's 404) is logged as refused; no session, nothing. */
async function readAndRefusalsLogged(documentId: string, ok: boolean, status: number) {
  const [allowed, refused] = [await accessLogged(documentId, 'allowed'), await accessLogged(documentId, 'refused')];
  const want = ok ? [1, 0] : status === 401 ? [0, 0] : [0, 1];
  return allowed === want[0] && refused === want[1] ? null : `access log ${allowed} allowed, ${refused} refused; wanted ${want.join(', ')}`;
}
const signBody = async () => ({ templateVersionId: consentService!.versionId, answers: [], healthDataConsent: true, signerName: 'Marta García', signature: signatureDataUrl() });
async function newConsentDocument() {
  const visit = await consentVisit();
  const [a] = await server.deps.db.select({ recordId: appointments.clientRecordId }).from(appointments).where(eq(appointments.id, visit));
  // "otherEmployee" must have no visit with her: the ones other rows booked on her agenda are cancelled (an employee's claim ends with them).
  await server.deps.db.execute(
    sql`UPDATE appointments SET status = 'cancelled_by_salon' WHERE employee_id = ${w.uid.otherEmployee} AND client_record_id = ${a!.recordId}::uuid AND status <> 'cancelled_by_salon'`,
  );
  const [d] = await server.deps.db
    .insert(consentDocuments)
    .values({
      clientRecordId: a!.recordId!,
      appointmentId: visit,
      templateId: consentService!.templateId,
      templateVersionId: consentService!.versionId,
      answers: [],
      healthDataConsent: true,
      signaturePng: signaturePng(),
      signerName: 'Marta García',
      signedAt: NOW,
      method: 'online',
      sha256: '0'.repeat(64),
    })
    .returning({ id: consentDocuments.id });
  return { visit, documentId: d!.id, recordId: a!.recordId! };
}
const newResource = async () => (await server.deps.db.insert(resources).values({ name: `Recurso ${++seq}`, kind: 'cabina' }).returning({ id: resources.id }))[0]!.id;
const countWhere = async (table: string, column: string, value: string) =>
  (await server.deps.db.execute<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = '${value}'`)).rows[0]!.n;
// The till (ADR 054): a fresh past day per cell, opened (and closed) straight in the tables.
let tillSeq = 0;
const tillDay = () => addDays('2025-06-01', ++tillSeq);
async function openTill(closed = false): Promise<string> {
  const day = tillDay();
  await server.deps.db.execute(sql`INSERT INTO cash_days (day, opening_float, opened_by_name, opened_at) VALUES (${day}, 150, 'Matriz', now())`);
  if (closed) {
    await server.deps.db.execute(sql`INSERT INTO cash_closes (day, opening_float, cash_payments, cash_sales, cash_in, cash_out, expected, counted, difference, closed_by_name, closed_at)
      VALUES (${day}, 150, 0, 0, 0, 0, 150, 150, 0, 'Matriz', now())`);
  }
  return day;
}
/** A cash line of 25,50 € on a fresh completed appointment of the employee's. */
async function paidLine(): Promise<string> {
  const id = await w.appointment({ client: 'client', employee: 'employee', start: startedStart(), status: 'completed' });
  const { rows } = await server.deps.db.execute<{ id: string }>(sql`INSERT INTO payments (appointment_id, method, amount, recorded_by_user_id, recorded_by_name)
    VALUES (${id}::uuid, 'efectivo', 25.5, ${w.uid.employee}, 'Lucía Martín') RETURNING id`);
  return rows[0]!.id;
}
async function newTimeOff(employeeId: string): Promise<string> {
  const [row] = await server.deps.db.insert(employeeTimeOff).values({ employeeId, startDate: '2026-06-20', endDate: '2026-06-20', reason: 'x' }).returning({ id: employeeTimeOff.id });
  return row!.id;
}

beforeAll(async () => {
  meta = await startMetaGraph();
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true', ...meta.env } });
  w = await arrangeWorld(server, 'matriz');
  // Many rows give the world's client fresh future appointments; the per-client cap (ADR 025,
  // src/server/features/booking/booking-limits.int.test.ts) is not what this table is about.
  await server.deps.db.update(salonSettings).set({ maxFutureAppointmentsPerClient: 50 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

it('has a row for every /api route the app serves, and none for a route that is gone', () => {
  const routes = apiRouteKeysOf(server.deps);
  expect(routes.length).toBeGreaterThan(25);
  const missing = routes.filter((r) => !(r in MATRIX));
  const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
  expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
  expect(stale, 'rows for routes the app no longer serves').toEqual([]);
});

const table: string[] = [];

describe('authorization matrix', () => {
  it.each(Object.keys(MATRIX))('%s', async (key) => {
    const row = MATRIX[key]!;
    const problems: string[] = [];
    const got: number[] = [];
    for (const actor of ACTORS) {
      const { res, check } = await row.call(w.sessions[actor], actor);
      got.push(res.status);
      const want = row.expect[actor] ?? (actor === 'receptionist' ? row.expect.admin : row.expect.otherClient);
      if (res.status !== want) problems.push(`${actor}: expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      if (res.status >= 400 && !(typeof res.body?.error?.code === 'string' && typeof res.body?.error?.message === 'string')) {
        problems.push(`${actor}: refusal without { error: { code, message } }: ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      const problem = check ? await check(res.status < 300) : null;
      if (problem) problems.push(`${actor}: ${problem}`);
    }
    table.push(`${key.padEnd(52)} ${got.map((n) => String(n).padStart(5)).join('')}`);
    expect(problems).toEqual([]);
  });

  afterAll(() => {
    console.log(
      `authorization matrix (${table.length} routes × ${ACTORS.length} actors)\n${''.padEnd(52)} ${ACTORS.map((a) => a.slice(0, 5).padStart(5)).join('')}\n${table.join('\n')}`,
    );
  });
});
