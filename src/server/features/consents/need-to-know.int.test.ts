import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_MSG, type ConsentAnswer } from '../../../domain/consents';
import { appointments, clients, consentAccessLog, consentDocuments, employeeServices, employees } from '../../db/schema';
import { arrangeSalon, newClient, testSchedule, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { consentSignToken } from '../../notifications/consent-tokens';
import { signatureDataUrl } from '../../seed/signature-png';

// Health data on a need-to-know basis (ADR 051; RGPD art. 9; ASVS 5 L2 V8, V14, V16), each finding
// of the review that found it through the real API: a professional reads a client's answers only
// for a visit she treats of a service that needs that consent, from two days before it to the day
// after, and every read is logged, refused ones too; the staff views show no answer; her visit
// card opens her answers; only her professional or the admin witness at reception; a consent link
// opens its own visit's documents only and dies with a change of service; no log line holds it.
// The salon's clock is set by each test: `now`.

const MONDAY = new Date('2026-03-02T09:00:00Z'); // 10:00 in Madrid
let now = MONDAY;
let server: TestServer;
let salon: Salon;
let admin: Session;
let lucia: Session;
let carmen: Session;
let marta: Session;
let martaRecord: string;
let laserVisit: string;
let laserDoc: string;
let carmenRecord: string;
let peel: string;
const logLines: string[] = [];

const QUESTIONS = [
  { id: 'embarazo', text: '¿Estás embarazada?', kind: 'yesno', askDetail: false, contraindication: true },
  { id: 'medicacion', text: '¿Tomas medicación fotosensibilizante?', kind: 'yesno', askDetail: true, contraindication: true },
  { id: 'alergias', text: '¿Tienes alergias?', kind: 'text', askDetail: false, contraindication: false },
] as const;
const ANSWERS: ConsentAnswer[] = [
  { questionId: 'embarazo', value: false },
  { questionId: 'medicacion', value: true, detail: 'Isotretinoína 20 mg' },
  { questionId: 'alergias', value: 'Látex' },
];
let versionId = '';
const signBody = (p: Record<string, unknown> = {}) => ({ templateVersionId: versionId, answers: ANSWERS, healthDataConsent: true, signerName: 'Marta García', signature: signatureDataUrl(), ...p });

beforeAll(async () => {
  server = await startTestServer({ now: () => now, env: { TRUST_PROXY: 'true' }, logLines });
  salon = await arrangeSalon(server, { interval: 30 });
  admin = await newClient(server, 'jefa@salud.test', 'Dueña');
  await promote(server.deps, 'jefa@salud.test', 'admin');
  lucia = salon.luciaSession;
  // Carmen, the hairdresser: she cuts hair, and may book any client on her own agenda.
  carmen = await newClient(server, 'carmen@salud.test', 'Carmen Peluquera');
  await promote(server.deps, 'carmen@salud.test', 'employee');
  const [rec] = await server.deps.db
    .insert(employees)
    .values({ name: 'Carmen Peluquera', availability: testSchedule(), userId: await userIdOf(server, 'carmen@salud.test'), userAccountEmail: 'carmen@salud.test' })
    .returning({ id: employees.id });
  carmenRecord = rec!.id;
  await server.deps.db.insert(employeeServices).values({ employeeId: carmenRecord, serviceId: salon.corte });
  marta = await newClient(server, 'marta@salud.test', 'Marta García');
  const [r] = await server.deps.db.insert(clients).values({ name: 'Marta García', email: 'marta@salud.test', userId: await userIdOf(server, 'marta@salud.test') }).returning({ id: clients.id });
  martaRecord = r!.id;
  const t = await admin.post('/api/admin/consent-templates', { title: 'Consentimiento láser', body: 'Entiendo el tratamiento.', questions: QUESTIONS, validity: { kind: 'months', months: 12 }, serviceIds: [salon.tinte] });
  expect(t.status).toBe(201);
  // Her laser visit with Lucía on Wednesday 4 March, signed at reception before the admin.
  laserVisit = await appointment(martaRecord, '2026-03-04T09:00:00Z', salon.tinte, salon.luciaUserId);
  versionId = (await admin.get(`/api/front-desk/appointments/${laserVisit}/consent`)).body.pending[0].templateVersionId;
  const signed = await admin.post(`/api/front-desk/appointments/${laserVisit}/consent`, signBody());
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  laserDoc = signed.body.documentId;
  // A peeling, with a consent of its own signed for each visit.
  [{ id: peel }] = (await server.deps.db.execute<{ id: string }>(sql`INSERT INTO services (name, duration, price) VALUES ('Peeling', 30, 40) RETURNING id`)).rows as [{ id: string }];
  expect((await admin.post('/api/admin/consent-templates', { title: 'Consentimiento peeling', body: 'Texto.', questions: [], validity: { kind: 'visit' }, serviceIds: [peel] })).status).toBe(201);
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/** An appointment straight in the table (the tests move the clock past it). */
async function appointment(recordId: string, start: string, serviceId: string, employeeUserId: string) {
  const startTime = new Date(start);
  const [row] = await server.deps.db
    .insert(appointments)
    .values({
      clientId: await userIdOf(server, 'marta@salud.test'),
      clientName: 'Marta García',
      clientEmail: 'marta@salud.test',
      employeeId: employeeUserId,
      employeeName: employeeUserId === salon.luciaUserId ? 'Lucía Martín' : 'Carmen Peluquera',
      serviceId,
      serviceName: serviceId === salon.tinte ? 'Depilación láser' : 'Corte y peinado',
      serviceDuration: 30,
      price: 50,
      startTime,
      endTime: new Date(startTime.getTime() + 1800_000),
      clientRecordId: recordId,
      bookedBy: 'staff',
    })
    .returning({ id: appointments.id });
  return row!.id;
}
const token = (appointmentId: string, generation = 1) => consentSignToken(server.deps.messageSecret, appointmentId, generation);
async function opened(t: string, s = newSession(server.url)) {
  expect((await s.get(`/firma/${t}`)).status).toBe(303);
  return s;
}
const at = (iso: string) => {
  now = new Date(iso);
};
const refusedReads = async (name: string) =>
  (await server.deps.db.select().from(consentAccessLog).where(eq(consentAccessLog.viewerName, name))).filter((e) => e.outcome === 'refused').length;

describe('need-to-know: who reads her answers, and when', () => {
  it('her professional reads them for the visit she treats, from two days before it to the day after; outside, a 403 that says when, logged', async () => {
    at('2026-02-28T09:00:00Z'); // Saturday, four days before
    const early = await lucia.get(`/api/consents/documents/${laserDoc}`);
    expect([early.status, early.body.error?.message]).toEqual([403, 'Podrás ver sus respuestas desde el 02/03/2026, dos días antes de su cita.']);
    expect((await lucia.get(`/api/consents/documents/${laserDoc}/pdf`)).status).toBe(403);
    for (const day of ['2026-03-02T07:00:00Z', '2026-03-04T09:00:00Z', '2026-03-05T22:30:00Z']) {
      at(day);
      const res = await lucia.get(`/api/consents/documents/${laserDoc}`);
      expect(res.status, day).toBe(200);
      expect(res.body.document.answers).toEqual(ANSWERS);
    }
    at('2026-03-05T23:00:00Z'); // Friday 00:00 in Madrid: two days after
    const late = await lucia.get(`/api/consents/documents/${laserDoc}`);
    expect([late.status, late.body.error?.message]).toEqual([403, CONSENT_MSG.readTooLate]);
    expect(await refusedReads('Lucía Martín')).toBe(3);
    at('2026-03-02T09:00:00Z');
  });

  it('booking her a manicure on her own agenda opens nothing: the hairdresser is refused before and after, and each refusal is logged', async () => {
    const before = await carmen.get(`/api/consents/documents/${laserDoc}`);
    expect([before.status, before.body.error?.message]).toEqual([403, CONSENT_MSG.notYourClient]);
    const booked = await carmen.post('/api/booking/staff', { clientId: martaRecord, serviceId: salon.corte, professionalId: carmenRecord, date: '2026-03-03', time: '10:00' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    for (const path of [`/api/consents/documents/${laserDoc}`, `/api/consents/documents/${laserDoc}/pdf`, `/api/front-desk/clients/${martaRecord}/consents`]) {
      const res = await carmen.get(path);
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Isotretinoína');
    }
    // Her own visit's card: a haircut needs no consent, so it opens nothing.
    const card = await carmen.get(`/api/consents/appointments/${booked.body.appointment.id}/documents`);
    expect([card.status, card.body.documents]).toEqual([200, []]);
    expect(await refusedReads('Carmen Peluquera')).toBe(4);
    const log = await admin.get(`/api/admin/consent-documents/${laserDoc}/access-log`);
    expect(log.body.entries.filter((e: { viewerName: string; outcome: string }) => e.viewerName === 'Carmen Peluquera' && e.outcome === 'refused')).toHaveLength(4);
  });

  it('the admin reads them whenever; another client gets 404 and her attempt is logged', async () => {
    at('2026-09-01T09:00:00Z');
    expect((await admin.get(`/api/consents/documents/${laserDoc}`)).status).toBe(200);
    const ana = await newClient(server, 'ana@salud.test', 'Ana Curiosa');
    expect((await ana.get(`/api/consents/documents/${laserDoc}`)).status).toBe(404);
    expect(await refusedReads('Ana Curiosa')).toBe(1);
    at('2026-03-02T09:00:00Z');
  });
});

describe('what the staff views show', () => {
  it('the agenda, the day view and the admin list say there are contraindications, never which; her record’s list a flag', async () => {
    for (const [who, path] of [
      [lucia, '/api/agenda?date=2026-03-04'],
      [lucia, '/api/front-desk/day?date=2026-03-04'],
      [admin, '/api/front-desk/day?date=2026-03-04'],
      [admin, '/api/admin/appointments?from=2026-03-04&to=2026-03-04'],
      [lucia, `/api/front-desk/clients/${martaRecord}/consents`],
      [admin, `/api/front-desk/clients/${martaRecord}/consents`],
    ] as const) {
      const res = await who.get(path);
      expect(res.status, path).toBe(200);
      const text = JSON.stringify(res.body);
      for (const answer of ['Isotretinoína', 'Látex', 'fotosensibilizante']) expect(text, path).not.toContain(answer);
    }
    const agenda = await lucia.get('/api/agenda?date=2026-03-04');
    expect(agenda.body.appointments[0]).toMatchObject({ id: laserVisit, consentMissing: false, consentSigned: true, hasContraindications: true });
  });
});

describe('her visit card opens what she answered', () => {
  it('her professional opens the visit’s signed document with every answer (the allergy too), a read logged with the visit', async () => {
    const res = await lucia.get(`/api/consents/appointments/${laserVisit}/documents`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.appointment).toMatchObject({ id: laserVisit, serviceName: 'Depilación láser', clientName: 'Marta García' });
    expect(res.body.documents).toHaveLength(1);
    expect(res.body.documents[0]).toMatchObject({ id: laserDoc, answers: ANSWERS, contraindications: ['¿Tomas medicación fotosensibilizante? Sí: Isotretinoína 20 mg'] });
    const [entry] = await server.deps.db
      .select()
      .from(consentAccessLog)
      .where(sql`${consentAccessLog.viewerName} = 'Lucía Martín' AND ${consentAccessLog.outcome} = 'allowed' AND ${consentAccessLog.appointmentId} = ${laserVisit}::uuid`);
    expect(entry).toMatchObject({ documentId: laserDoc, action: 'view', viewerKind: 'employee' });
    const log = await admin.get(`/api/admin/consent-documents/${laserDoc}/access-log`);
    expect(log.body.entries).toContainEqual(expect.objectContaining({ viewerName: 'Lucía Martín', action: 'view', outcome: 'allowed', visitStart: '2026-03-04T09:00:00.000Z' }));
    // Another professional's visit is not hers to open: 404, as a missing one.
    expect((await carmen.get(`/api/consents/appointments/${laserVisit}/documents`)).status).toBe(404);
    // A week earlier: the card says when, the server refuses and logs.
    at('2026-02-25T09:00:00Z');
    const early = await lucia.get(`/api/consents/appointments/${laserVisit}/documents`);
    expect([early.status, early.body.error?.message]).toEqual([403, 'Podrás ver sus respuestas desde el 02/03/2026, dos días antes de su cita.']);
    at('2026-03-02T09:00:00Z');
  });
});

describe('signing at reception', () => {
  it('only her professional or the admin may witness: another employee is told the visit is not hers, and nothing is stored', async () => {
    const visit = await appointment(martaRecord, '2026-03-06T09:00:00Z', salon.tinte, salon.luciaUserId);
    // Its own consent: a template signed for each visit.
    const t = await admin.post('/api/admin/consent-templates', { title: 'Parche de prueba', body: 'Texto.', questions: [], validity: { kind: 'visit' }, serviceIds: [salon.tinte] });
    const form = await lucia.get(`/api/front-desk/appointments/${visit}/consent`);
    const pending = form.body.pending.find((p: { templateId: string }) => p.templateId === t.body.template.id);
    const body = signBody({ templateVersionId: pending.templateVersionId, answers: [] });
    const count = async () => (await server.deps.db.select().from(consentDocuments).where(eq(consentDocuments.appointmentId, visit))).length;
    for (const res of [await carmen.get(`/api/front-desk/appointments/${visit}/consent`), await carmen.post(`/api/front-desk/appointments/${visit}/consent`, body)])
      expect([res.status, res.body.error?.message]).toEqual([404, CONSENT_MSG.appointmentNotFound]);
    expect(await count()).toBe(0);
    const ok = await lucia.post(`/api/front-desk/appointments/${visit}/consent`, body);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await count()).toBe(1);
    await admin.put(`/api/admin/consent-templates/${t.body.template.id}`, { title: 'Parche de prueba', body: 'Texto.', questions: [], validity: { kind: 'visit' }, serviceIds: [], active: false });
  });
});

describe('the consent link', () => {
  it('the mailed link trades its token for a short-lived HttpOnly cookie of the link’s own API and sends her to /firma', async () => {
    const res = await newSession(server.url).get(`/firma/${token(laserVisit)}`);
    expect([res.status, res.headers.get('location')]).toEqual([303, '/firma']);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auna_firma='))!;
    expect(cookie).toContain(`auna_firma=${token(laserVisit)}`);
    expect(cookie).toMatch(/; Max-Age=7200/);
    expect(cookie).toMatch(/; Path=\/api\/consents\/link/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    // A link that is not ours clears it.
    const bad = await newSession(server.url).get('/firma/no-es-un-enlace');
    expect(bad.status).toBe(303);
    expect(bad.headers.getSetCookie().find((c) => c.startsWith('auna_firma='))).toMatch(/Max-Age=0/);
  });

  it('opens its own visit’s documents only, not every document of her record', async () => {
    // A peeling visit of hers, with a consent of its own: its link must not open her laser document.
    const peeling = await appointment(martaRecord, '2026-03-10T09:00:00Z', peel, salon.luciaUserId);
    const link = await opened(token(peeling));
    expect((await link.get('/api/consents/link')).body.signed).toEqual([]);
    const res = await link.get(`/api/consents/link/documents/${laserDoc}/pdf`);
    expect([res.status, res.body.error?.message]).toEqual([404, CONSENT_MSG.documentNotFound]);
    // Her laser visit's own link does.
    expect((await (await opened(token(laserVisit))).get(`/api/consents/link/documents/${laserDoc}/pdf`)).status).toBe(200);
  });

  it('lasts until the end of the visit’s day (its documents only, once the visit has ended), and not a day more', async () => {
    at('2026-03-04T12:00:00Z'); // 13:00, the visit ended at 11:00
    const link = await opened(token(laserVisit));
    const form = await link.get('/api/consents/link');
    expect(form.body).toMatchObject({ pending: [], signable: false, signed: [{ documentId: laserDoc }] });
    expect((await link.get(`/api/consents/link/documents/${laserDoc}/pdf`)).status).toBe(200);
    at('2026-03-04T23:00:00Z'); // Thursday 00:00 in Madrid
    for (const res of [await link.get('/api/consents/link'), await link.get(`/api/consents/link/documents/${laserDoc}/pdf`)])
      expect([res.status, res.body.error?.message]).toEqual([404, CONSENT_MSG.linkInvalid]);
    at('2026-03-02T09:00:00Z');
  });

  it('dies when the visit is cancelled or moved to another service; the new service’s link works', async () => {
    const cancelled = await appointment(martaRecord, '2026-03-11T09:00:00Z', salon.tinte, salon.luciaUserId);
    const link = await opened(token(cancelled));
    expect((await link.get('/api/consents/link')).status).toBe(200);
    await server.deps.db.update(appointments).set({ status: 'cancelled_by_client' }).where(eq(appointments.id, cancelled));
    expect((await link.get('/api/consents/link')).status).toBe(404);

    const moved = await appointment(martaRecord, '2026-03-12T09:00:00Z', peel, salon.luciaUserId);
    const old = await opened(token(moved));
    expect((await old.get('/api/consents/link')).status).toBe(200);
    // Whatever path changes its service (none does today): the database raises the link's generation.
    await server.deps.db.update(appointments).set({ serviceId: salon.corte, serviceName: 'Corte y peinado' }).where(eq(appointments.id, moved));
    await server.deps.db.update(appointments).set({ serviceId: peel, serviceName: 'Peeling' }).where(eq(appointments.id, moved));
    const res = await old.get('/api/consents/link');
    expect([res.status, res.body.error?.message]).toEqual([404, CONSENT_MSG.linkInvalid]);
    expect((await (await opened(token(moved, 3))).get('/api/consents/link')).status).toBe(200);
    // And Mis Citas offers the new link.
    const mine = await marta.get('/api/my-appointments');
    expect(mine.body.appointments.find((a: { id: string }) => a.id === moved).consentUrl).toBe(`/firma/${token(moved, 3)}`);
  });

  it('signs only the visit the page showed: a cookie since replaced by another visit’s link is a 409', async () => {
    const first = await appointment(martaRecord, '2026-03-13T09:00:00Z', salon.tinte, salon.luciaUserId);
    const second = await appointment(martaRecord, '2026-03-13T10:00:00Z', salon.tinte, salon.luciaUserId);
    const tab = await opened(token(first));
    await opened(token(second), tab);
    const res = await tab.post('/api/consents/link', { ...signBody(), appointmentId: first });
    expect([res.status, res.body.error?.code, res.body.error?.message]).toEqual([409, 'link_changed', CONSENT_MSG.linkChanged]);
  });
});

describe('the log', () => {
  it('holds no token of any kind: the consent link and every other, in a path, a query or an error', async () => {
    const tokens = [token(laserVisit), 'aB3dE5fG7hJ9kL1mN0pQ2rS4', 'K7MR-4QXP-2H', `${'Q'.repeat(10)}x9_${'z'.repeat(30)}`];
    for (const t of tokens) {
      await newSession(server.url).get(`/firma/${t}`);
      await newSession(server.url).get(`/api/consents/sign/${t}`);
      await newSession(server.url).get(`/api/auth/reset-password/${t}`);
      await newSession(server.url).get(`/api/una/ruta/nueva/${t}?token=${t}`);
    }
    const text = logLines.join('');
    expect(text).toContain('"path":"/firma/[oculto]"');
    for (const t of tokens) expect(text, t).not.toContain(t);
  });
});
