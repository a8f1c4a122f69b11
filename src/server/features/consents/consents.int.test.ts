import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_MSG, coversVisit, type ConsentAnswer } from '../../../domain/consents';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { MSG } from '../../../domain/texts/common';
import { appointments, clients, consentAccessLog, consentDocuments, employees, salonSettings } from '../../db/schema';
import { arrangeSalon, newClient, testSchedule, userIdOf, type Salon } from '../../../../test/support/booking-fixtures';
import { newSession, promote, type Session } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { consentSignToken } from '../../notifications/consent-tokens';
import { signatureDataUrl } from '../../seed/signature-png';
import { pdfText } from './pdf-text';
import { purgeExpiredConsents } from '../../db/consent-retention';
import { attachClientRecords } from '../../accounts/client-records';

// Signed consents (ADR 041) through the real API and database: templates, signing by link and at
// reception for every kind of client, who reads what (and the access log), the PDF, immutability,
// the completion guard, hostile input. "Now" is Monday 2 March 2026, 10:00 in Madrid.

const NOW = new Date('2026-03-02T09:00:00Z');
let server: TestServer;
let salon: Salon;
let admin: Session;
let lucia: Session;
let carmen: Session;
let marta: Session;
let ana: Session;
let templateId: string;
let versionId: string;

const QUESTIONS = [
  { id: 'embarazo', text: '¿Estás embarazada?', kind: 'yesno', askDetail: false, contraindication: true },
  { id: 'medicacion', text: '¿Tomas medicación fotosensibilizante?', kind: 'yesno', askDetail: true, contraindication: true },
  { id: 'piel', text: '¿Tienes alguna enfermedad de la piel?', kind: 'yesno', askDetail: true, contraindication: true },
  { id: 'notas', text: '¿Algo más que debamos saber?', kind: 'text', askDetail: false, contraindication: false },
] as const;
const ANSWERS: ConsentAnswer[] = [
  { questionId: 'embarazo', value: false },
  { questionId: 'medicacion', value: true, detail: 'isotretinoína' },
  { questionId: 'piel', value: false },
  { questionId: 'notas', value: 'Piel sensible en las piernas' },
];
const body = (p: Record<string, unknown> = {}) => ({ templateVersionId: versionId, answers: ANSWERS, healthDataConsent: true, signerName: 'Marta García', signature: signatureDataUrl(), ...p });

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW, env: { TRUST_PROXY: 'true' } });
  salon = await arrangeSalon(server, { interval: 30 });
  admin = await newClient(server, 'admin@salon.test', 'Dueña');
  await promote(server.deps, 'admin@salon.test', 'admin');
  lucia = salon.luciaSession;
  carmen = await newClient(server, 'carmen@salon.test', 'Carmen Ruiz');
  await promote(server.deps, 'carmen@salon.test', 'employee');
  await server.deps.db.insert(employees).values({ name: 'Carmen Ruiz', availability: testSchedule(), userId: await userIdOf(server, 'carmen@salon.test'), userAccountEmail: 'carmen@salon.test' });
  marta = await newClient(server, 'marta@example.com', 'Marta García');
  ana = await newClient(server, 'ana@example.com', 'Ana Ruiz');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A client record: of an account (by its email), or the staff's (phone only, or with an email). */
async function record(v: { name: string; email?: string; phone?: string; account?: string }) {
  const userId = v.account ? await userIdOf(server, v.account) : null;
  const [row] = await server.deps.db.insert(clients).values({ name: v.name, email: v.email ?? v.account ?? null, phone: v.phone ?? null, userId }).returning({ id: clients.id });
  return row!.id;
}
/** An appointment straight in the table (a started one cannot be booked through the API). */
let nth = 0;
/** A free future half hour of Lucía's (the times of a test that does not care when). */
const freeSlot = () => new Date(Date.UTC(2026, 2, 10 + Math.floor(nth / 16), 7 + ((nth++ % 16) >> 1), (nth % 2) * 30)).toISOString();
async function appointment(recordId: string, start = freeSlot(), serviceId = salon.tinte) {
  const [rec] = await server.deps.db.select().from(clients).where(eq(clients.id, recordId));
  const startTime = new Date(start);
  const [row] = await server.deps.db
    .insert(appointments)
    .values({
      clientId: rec!.userId,
      clientName: rec!.name,
      clientEmail: rec!.email ?? '',
      employeeId: salon.luciaUserId,
      employeeName: 'Lucía Martín',
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
const token = (appointmentId: string) => consentSignToken(server.deps.messageSecret, appointmentId);
/** A browser that opened the mailed link /firma/<token>: the server put the token in its cookie (ADR 051). */
async function opened(t: string, s?: Session): Promise<Session> {
  const b = s ?? newSession(server.url);
  const res = await b.get(`/firma/${t}`);
  expect([res.status, res.headers.get('location')]).toEqual([303, '/firma']);
  return b;
}
/** The link's form, and signing it for the visit the form showed. */
const linkForm = async (t: string, s?: Session) => (await opened(t, s)).get('/api/consents/link');
const linkSign = async (t: string, appointmentId: string, b: Record<string, unknown>, s?: Session, headers?: Record<string, string>) =>
  (await opened(t, s)).post('/api/consents/link', { ...b, appointmentId }, headers);
const documentCount = async () => (await server.deps.db.select({ n: count() }).from(consentDocuments))[0]!.n;
async function pdfOf(s: Session, path: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: Buffer.from(await res.arrayBuffer()) };
}

let martaRecord: string;
let martaVisit: string;
let martaDoc: string;

describe('templates (admin only)', () => {
  it('the admin creates the laser consent for a service; bad input is a Spanish 400; others are refused', async () => {
    const made = await admin.post('/api/admin/consent-templates', {
      title: ' Consentimiento informado: depilación láser ',
      body: 'Entiendo en qué consiste el tratamiento y sus riesgos.',
      questions: QUESTIONS,
      validity: { kind: 'months', months: 12 },
      serviceIds: [salon.tinte],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.template).toMatchObject({ title: 'Consentimiento informado: depilación láser', active: true, version: 1, validity: { kind: 'months', months: 12 }, serviceIds: [salon.tinte], signedCount: 0 });
    templateId = made.body.template.id;
    const form = await admin.get('/api/admin/consent-templates');
    expect(form.body.templates).toHaveLength(1);

    expect((await admin.post('/api/admin/consent-templates', { title: '', body: 'x', questions: [], validity: { kind: 'visit' }, serviceIds: [] })).body.error.message).toBe(CONSENT_MSG.titleRequired);
    const months = await admin.post('/api/admin/consent-templates', { title: 'x', body: 'x', questions: [], validity: { kind: 'months', months: 0 }, serviceIds: [] });
    expect([months.status, months.body.error.message]).toEqual([400, CONSENT_MSG.validityRange]);
    const unknown = await admin.post('/api/admin/consent-templates', { title: 'x', body: 'x', questions: [], validity: { kind: 'visit' }, serviceIds: ['00000000-0000-4000-8000-000000000000'] });
    expect([unknown.status, unknown.body.error.message]).toEqual([400, CONSENT_MSG.serviceUnknown]);
    const textFlag = await admin.post('/api/admin/consent-templates', {
      title: 'x',
      body: 'x',
      questions: [{ id: 'otros', text: 'Otros', kind: 'text', askDetail: false, contraindication: true }],
      validity: { kind: 'visit' },
      serviceIds: [],
    });
    expect([textFlag.status, textFlag.body.error.message]).toEqual([400, CONSENT_MSG.contraindicationOnlyYesNo]);
    const padded = await admin.post('/api/admin/consent-templates', {
      title: 'Peeling',
      body: 'x',
      questions: [{ id: ' q1 ', text: ' ¿Embarazo? ', kind: 'yesno', askDetail: false, contraindication: true }],
      validity: { kind: 'visit' },
      serviceIds: [],
    });
    expect(padded.body.template.questions).toEqual([{ id: 'q1', text: '¿Embarazo?', kind: 'yesno', askDetail: false, contraindication: true }]);
    expect((await lucia.get('/api/admin/consent-templates')).status).toBe(403);
    expect((await marta.post('/api/admin/consent-templates', {})).status).toBe(403);
    expect((await admin.put('/api/admin/consent-templates/nope', { title: 'x', body: 'x', questions: [], validity: { kind: 'visit' }, serviceIds: [] })).status).toBe(404);
  });
});

describe('signing from the link, and what the staff see', () => {
  it('a visit of the service lacks the consent: the day view, the agenda, the admin list and Mis Citas say so', async () => {
    martaRecord = await record({ name: 'Marta García', account: 'marta@example.com' });
    martaVisit = await appointment(martaRecord, '2026-03-04T09:00:00Z');
    const form = await linkForm(token(martaVisit));
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ clientName: 'Marta García', appointment: { id: martaVisit, serviceName: 'Depilación láser', employeeName: 'Lucía Martín' }, signed: [] });
    expect(form.body.pending).toHaveLength(1);
    versionId = form.body.pending[0].templateVersionId;
    expect(form.body.pending[0]).toMatchObject({ templateId, title: 'Consentimiento informado: depilación láser', questions: QUESTIONS });

    const day = await lucia.get('/api/front-desk/day?date=2026-03-04');
    expect(day.body.appointments.find((a: { id: string }) => a.id === martaVisit)).toMatchObject({ consentMissing: true, consentSigned: false, hasContraindications: false });
    const agenda = await lucia.get('/api/agenda?date=2026-03-04');
    expect(agenda.body.appointments[0]).toMatchObject({ id: martaVisit, consentMissing: true });
    const list = await admin.get('/api/admin/appointments?from=2026-03-04&to=2026-03-04');
    expect(list.body.appointments[0]).toMatchObject({ id: martaVisit, consentMissing: true });
    const mine = await marta.get('/api/my-appointments');
    expect(mine.body.appointments[0].consentUrl).toBe(`/firma/${token(martaVisit)}`);
  });

  it('she signs; the visit is covered, her professional sees the contraindication, a second signature is a 409', async () => {
    const signed = await linkSign(token(martaVisit), martaVisit, body());
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    martaDoc = signed.body.documentId;
    const again = await linkSign(token(martaVisit), martaVisit, body(), marta);
    expect([again.status, again.body.error.code, again.body.error.message]).toEqual([409, 'already_signed', CONSENT_MSG.alreadySigned]);

    const form = await linkForm(token(martaVisit), marta);
    expect(form.body.pending).toEqual([]);
    expect(form.body.signed).toEqual([{ documentId: martaDoc, title: 'Consentimiento informado: depilación láser', signedAt: NOW.toISOString() }]);
    const agenda = await lucia.get('/api/agenda?date=2026-03-04');
    // The views say that there is a contraindication, never which (ADR 051): the answers are a logged read.
    expect(agenda.body.appointments[0]).toMatchObject({ consentMissing: false, consentSigned: true, hasContraindications: true });
    expect(JSON.stringify(agenda.body)).not.toContain('isotretinoína');
    const day = await admin.get('/api/front-desk/day?date=2026-03-04');
    expect(day.body.appointments.find((a: { id: string }) => a.id === martaVisit)).toMatchObject({ consentMissing: false, consentSigned: true, hasContraindications: true });
    expect(JSON.stringify(day.body)).not.toContain('isotretinoína');
    expect((await marta.get('/api/my-appointments')).body.appointments[0].consentUrl).toBeNull();

    // 12 months: a later visit is covered too, with its contraindications.
    const later = await appointment(martaRecord, '2026-09-02T08:00:00Z');
    const laterDay = await lucia.get('/api/front-desk/day?date=2026-09-02');
    expect(laterDay.body.appointments[0]).toMatchObject({ id: later, consentMissing: false, consentSigned: true, hasContraindications: true });
    // Expired the day before a visit on signed day + 12 months; covered the day before that.
    const [onEnd, dayBefore] = [await appointment(martaRecord, '2027-03-02T09:00:00Z'), await appointment(martaRecord, '2027-03-01T09:00:00Z')];
    const rows = await server.deps.db.execute<{ id: string; missing: boolean }>(
      sql`SELECT id, consent_missing(id, service_id, client_record_id, start_time) AS missing FROM appointments WHERE id IN (${onEnd}::uuid, ${dayBefore}::uuid)`,
    );
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.missing]))).toEqual({ [onEnd]: true, [dayBefore]: false });
  });

  it('the admin sees the signed count', async () => {
    expect((await admin.get('/api/admin/consent-templates')).body.templates[0].signedCount).toBe(1);
  });
});

describe('who reads a signed document (RGPD art. 9)', () => {
  it('the client her own; another client gets 404; her professional 200; another employee 403; each read is logged', async () => {
    const own = await marta.get(`/api/consents/documents/${martaDoc}`);
    expect(own.status).toBe(200);
    expect(own.body.document).toMatchObject({
      id: martaDoc,
      title: 'Consentimiento informado: depilación láser',
      version: 1,
      answers: ANSWERS,
      signerName: 'Marta García',
      method: 'online',
      witnessedByName: null,
      clientName: 'Marta García',
      contraindications: ['¿Tomas medicación fotosensibilizante? Sí: isotretinoína'],
    });
    expect(own.body.document.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await ana.get(`/api/consents/documents/${martaDoc}`)).status).toBe(404);
    expect((await ana.get(`/api/consents/documents/${martaDoc}/pdf`)).status).toBe(404);
    expect((await ana.get('/api/my-account/consents')).body.documents).toEqual([]);
    expect((await lucia.get(`/api/consents/documents/${martaDoc}`)).status).toBe(200);
    const other = await carmen.get(`/api/consents/documents/${martaDoc}`);
    expect([other.status, other.body.error.message]).toEqual([403, CONSENT_MSG.notYourClient]);
    expect((await carmen.get(`/api/front-desk/clients/${martaRecord}/consents`)).status).toBe(403);
    expect((await admin.get(`/api/consents/documents/${martaDoc}`)).status).toBe(200);
    expect((await newClient(server, 'y@example.com').then((s) => s.get(`/api/consents/documents/not-an-id`))).status).toBe(404);

    const log = await admin.get(`/api/admin/consent-documents/${martaDoc}/access-log`);
    // The clock stands still in this file: every read has the same time. Refused reads are there too (ADR 051).
    type Entry = { viewerName: string; viewerKind: string; action: string; outcome: string; at: string };
    expect(log.body.entries.map((e: Entry) => [e.viewerName, e.viewerKind, e.action, e.outcome, e.at]).sort()).toEqual([
      ['Ana Ruiz', 'client', 'pdf', 'refused', NOW.toISOString()],
      ['Ana Ruiz', 'client', 'view', 'refused', NOW.toISOString()],
      ['Carmen Ruiz', 'employee', 'list', 'refused', NOW.toISOString()],
      ['Carmen Ruiz', 'employee', 'view', 'refused', NOW.toISOString()],
      ['Dueña', 'admin', 'view', 'allowed', NOW.toISOString()],
      ['Lucía Martín', 'employee', 'view', 'allowed', NOW.toISOString()],
      ['Marta García', 'client', 'view', 'allowed', NOW.toISOString()],
    ]);
    expect((await lucia.get(`/api/admin/consent-documents/${martaDoc}/access-log`)).status).toBe(403);
  });

  it('the lists: hers in Mis Citas, the record’s at the front desk', async () => {
    expect((await marta.get('/api/my-account/consents')).body.documents).toEqual([{ id: martaDoc, title: 'Consentimiento informado: depilación láser', signedAt: NOW.toISOString() }]);
    const desk = await lucia.get(`/api/front-desk/clients/${martaRecord}/consents`);
    expect(desk.body.documents).toEqual([{ id: martaDoc, title: 'Consentimiento informado: depilación láser', version: 1, signedAt: NOW.toISOString(), method: 'online', hasContraindications: true }]);
  });

  it('the PDF holds the text, the answers and the signer', async () => {
    const pdf = await pdfOf(marta, `/api/consents/documents/${martaDoc}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe('attachment; filename="consentimiento-2026-03-02.pdf"');
    const text = pdfText(pdf.bytes);
    for (const s of ['Consentimiento informado: depilación láser', '¿Tomas medicación fotosensibilizante?', 'Sí: isotretinoína', 'Piel sensible en las piernas', 'Firmado por: Marta García']) expect(text).toContain(s);
    // From the link too, only that visit's documents (ADR 051).
    const byLink = await pdfOf(await opened(token(martaVisit)), `/api/consents/link/documents/${martaDoc}/pdf`);
    expect(byLink.status).toBe(200);
    const anaRecord = await record({ name: 'Ana Ruiz', account: 'ana@example.com' });
    const anaVisit = await appointment(anaRecord, '2026-03-05T09:00:00Z');
    expect((await pdfOf(await opened(token(anaVisit)), `/api/consents/link/documents/${martaDoc}/pdf`)).status).toBe(404);
    // A forged link says the same of her document and of none: the link is checked first.
    const forged = await opened(`${token(martaVisit).split('.')[0]}.${'A'.repeat(43)}`);
    for (const id of [martaDoc, '00000000-0000-4000-8000-000000000000']) {
      const res = await forged.get(`/api/consents/link/documents/${id}/pdf`);
      expect([res.status, res.body.error.message]).toEqual([404, CONSENT_MSG.linkInvalid]);
    }
    const entries = await server.deps.db.select().from(consentAccessLog).where(eq(consentAccessLog.action, 'pdf'));
    expect(entries.map((e) => [e.viewerName, e.outcome]).sort()).toEqual([
      ['Ana Ruiz (enlace)', 'refused'],
      ['Ana Ruiz', 'refused'],
      ['Marta García (enlace)', 'allowed'],
      ['Marta García', 'allowed'],
    ]);
  });

  it('an employee who is also a client of the salon reads her own document, and no other of her colleague’s clients', async () => {
    const rec = await record({ name: 'Carmen Ruiz', account: 'carmen@salon.test' });
    const visit = await appointment(rec);
    const signed = await lucia.post(`/api/front-desk/appointments/${visit}/consent`, body({ signerName: 'Carmen Ruiz' }));
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect((await carmen.get(`/api/consents/documents/${signed.body.documentId}`)).status).toBe(200);
    expect((await carmen.get(`/api/consents/documents/${signed.body.documentId}/pdf`)).status).toBe(200);
    const log = await admin.get(`/api/admin/consent-documents/${signed.body.documentId}/access-log`);
    expect(log.body.entries.map((e: { viewerName: string; viewerKind: string }) => [e.viewerName, e.viewerKind])).toContainEqual(['Carmen Ruiz', 'client']);
    expect((await carmen.get(`/api/consents/documents/${martaDoc}`)).status).toBe(403);
  });
});

describe('her data (RGPD)', () => {
  it('her export holds her documents: the text, her answers, the signature, who read them', async () => {
    const res = await marta.get('/api/my-account/export');
    expect(res.status).toBe(200);
    const [doc] = res.body.consents;
    expect(doc).toMatchObject({ id: martaDoc, title: 'Consentimiento informado: depilación láser', version: 1, answers: ANSWERS, signerName: 'Marta García', method: 'online', healthDataConsent: true });
    expect(Buffer.from(doc.signaturePngBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(doc.accessLog.length).toBeGreaterThan(0);
    expect(JSON.stringify((await ana.get('/api/my-account/export')).body)).not.toContain('isotretinoína');
  });

  it('deleting her account keeps her signed documents (the admin still reads them) until the retention purge', async () => {
    const gone = await newClient(server, 'baja@example.com', 'Julia Baja');
    const rec = await record({ name: 'Julia Baja', account: 'baja@example.com' });
    const visit = await appointment(rec);
    const signed = await linkSign(token(visit), visit, body({ signerName: 'Julia Baja' }), gone);
    expect(signed.status).toBe(201);
    expect((await gone.post('/api/my-account/delete', { confirm: 'ELIMINAR', password: 'secreto-1' })).status).toBe(200);
    const kept = await admin.get(`/api/consents/documents/${signed.body.documentId}`);
    expect(kept.body.document).toMatchObject({ signerName: 'Julia Baja', clientName: MSG.deletedClientName });
    // Five years after her last treatment and signature, the purge deletes them (and nothing of anyone with a later visit).
    // The deletion cancelled her visit: her last treatment is her signature (NOW).
    const fiveYearsAfter = (days: number) => new Date(Date.parse('2031-03-02T09:00:00Z') + days * 86_400_000);
    await purgeExpiredConsents(server.deps.db, fiveYearsAfter(-1));
    expect((await admin.get(`/api/consents/documents/${signed.body.documentId}`)).status).toBe(200);
    const before = await documentCount();
    const purged = await purgeExpiredConsents(server.deps.db, fiveYearsAfter(2));
    expect(purged).toBeGreaterThan(0);
    expect((await admin.get(`/api/consents/documents/${signed.body.documentId}`)).status).toBe(404);
    expect(await documentCount()).toBe(before - purged);
    // Marta has visits in 2027: hers are kept.
    expect((await admin.get(`/api/consents/documents/${martaDoc}`)).status).toBe(200);
  });
});

describe('the SQL validity is the domain’s table', () => {
  it.each<[string, string, number]>([
    ['2026-03-10T10:00:00Z', '2027-03-09T21:00:00Z', 12],
    ['2026-03-10T10:00:00Z', '2027-03-09T23:30:00Z', 12], // 00:30 on the 10th in Madrid
    ['2026-01-31T10:00:00Z', '2026-02-28T10:00:00Z', 1],
    ['2026-01-31T10:00:00Z', '2026-02-27T10:00:00Z', 1],
    ['2026-03-28T22:30:00Z', '2026-04-27T22:30:00Z', 1], // signed 23:30 CET, visit 00:30 CEST
    ['2026-03-28T22:30:00Z', '2026-04-27T21:30:00Z', 1],
    ['2027-01-31T12:00:00Z', '2028-02-29T12:00:00Z', 13],
    ['2026-10-24T22:30:00Z', '2026-11-24T23:30:00Z', 1], // across the autumn change
  ])('signed %s, visit %s, %i months', async (signed, visit, months) => {
    const [row] = (
      await server.deps.db.execute<{ covered: boolean }>(
        sql`SELECT (${visit}::timestamptz AT TIME ZONE 'Europe/Madrid')::date < ((${signed}::timestamptz AT TIME ZONE 'Europe/Madrid')::date + make_interval(months => ${months}))::date AS covered`,
      )
    ).rows;
    const domain = coversVisit(
      { signedDay: salonDateOf(new Date(signed), SALON_TIME_ZONE), appointmentId: null, version: 1, currentVersion: 1, validity: { kind: 'months', months } },
      { appointmentId: 'x', day: salonDateOf(new Date(visit), SALON_TIME_ZONE) },
    );
    expect(row!.covered).toBe(domain);
  });
});

describe('two records of one client merged (ADR 019)', () => {
  it('her documents move to the kept record, unchanged: the one UPDATE the trigger allows', async () => {
    const staffRecord = await record({ name: 'Noa Vidal', email: 'noa@example.com', phone: '+34611000009' });
    await newClient(server, 'noa@example.com', 'Noa Vidal');
    const own = await record({ name: 'Noa Vidal', account: 'noa@example.com' });
    const visit = await appointment(own);
    const signed = await lucia.post(`/api/front-desk/appointments/${visit}/consent`, body({ signerName: 'Noa Vidal' }));
    expect(signed.status).toBe(201);
    const before = (await server.deps.db.select().from(consentDocuments).where(eq(consentDocuments.id, signed.body.documentId)))[0]!;
    await server.deps.db.execute(sql`UPDATE "user" SET email_verified = true WHERE email = 'noa@example.com'`);
    expect(await attachClientRecords(server.deps.db, await userIdOf(server, 'noa@example.com'))).toBe(1);
    const after = (await server.deps.db.select().from(consentDocuments).where(eq(consentDocuments.id, signed.body.documentId)))[0]!;
    expect(after).toEqual({ ...before, clientRecordId: staffRecord });
  });
});

describe('a signed document cannot be changed', () => {
  it('no route changes it, and the database refuses an UPDATE or a DELETE', async () => {
    const before = (await server.deps.db.select().from(consentDocuments).where(eq(consentDocuments.id, martaDoc)))[0]!;
    for (const [method, path] of [
      ['PUT', `/api/consents/documents/${martaDoc}`],
      ['PATCH', `/api/consents/documents/${martaDoc}`],
      ['DELETE', `/api/consents/documents/${martaDoc}`],
      ['POST', `/api/consents/documents/${martaDoc}`],
    ] as const)
      expect([404, 405]).toContain((await admin.request(method, path, { answers: [] })).status);
    await expect(server.deps.db.execute(sql`UPDATE consent_documents SET signer_name = 'Otra' WHERE id = ${martaDoc}::uuid`)).rejects.toThrow();
    await expect(server.deps.db.execute(sql`UPDATE consent_documents SET answers = '[]' WHERE id = ${martaDoc}::uuid`)).rejects.toThrow();
    await expect(server.deps.db.execute(sql`DELETE FROM consent_documents WHERE id = ${martaDoc}::uuid`)).rejects.toThrow();
    const after = (await server.deps.db.select().from(consentDocuments).where(eq(consentDocuments.id, martaDoc)))[0]!;
    expect(after).toEqual(before);
  });

  it('a new version of the text makes her sign again', async () => {
    const edited = await admin.put(`/api/admin/consent-templates/${templateId}`, {
      title: 'Consentimiento informado: depilación láser',
      body: 'Entiendo en qué consiste el tratamiento, sus riesgos y sus alternativas.',
      questions: QUESTIONS,
      validity: { kind: 'months', months: 12 },
      serviceIds: [salon.tinte],
    });
    expect(edited.body.template.version).toBe(2);
    const form = await linkForm(token(martaVisit), marta);
    expect(form.body.pending).toHaveLength(1);
    expect(form.body.pending[0].templateVersionId).not.toBe(versionId);
    const outdated = await linkSign(token(martaVisit), martaVisit, body(), marta);
    expect([outdated.status, outdated.body.error.code]).toEqual([409, 'outdated_version']);
    // Only the services changing: no new version.
    const same = await admin.put(`/api/admin/consent-templates/${templateId}`, {
      title: 'Consentimiento informado: depilación láser',
      body: 'Entiendo en qué consiste el tratamiento, sus riesgos y sus alternativas.',
      questions: QUESTIONS,
      validity: { kind: 'months', months: 12 },
      serviceIds: [salon.tinte, salon.unoffered],
    });
    expect(same.body.template).toMatchObject({ version: 2, serviceIds: expect.arrayContaining([salon.tinte, salon.unoffered]) });
    versionId = form.body.pending[0].templateVersionId;
    // She signs the new text (the rest of the file runs on version 2).
    expect((await linkSign(token(martaVisit), martaVisit, body(), marta)).status).toBe(201);
  });
});

describe('every kind of client signs, by link or at reception', () => {
  it.each([
    ['a phone-only record, at reception', { name: 'Rosa Pérez', phone: '+34611000001' }, 'reception'],
    ['a record with an email and no account, by link', { name: 'Elena Gil', email: 'elena@example.com' }, 'link'],
    ['a record with an email and no account, at reception', { name: 'Irene Gil', email: 'irene@example.com' }, 'reception'],
    ['an account, at reception', { name: 'Bea Soler', account: 'bea@example.com' }, 'reception'],
  ] as const)('%s', async (_, who, how) => {
    if ('account' in who) await newClient(server, who.account, who.name);
    const rec = await record(who);
    const visit = await appointment(rec);
    const path = how === 'link' ? '/api/consents/link' : `/api/front-desk/appointments/${visit}/consent`;
    const s = how === 'link' ? await opened(token(visit)) : lucia;
    expect((await s.get(path)).body.pending).toHaveLength(1);
    const res = await s.post(path, body({ signerName: who.name, ...(how === 'link' ? { appointmentId: visit } : {}) }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const doc = (await admin.get(`/api/consents/documents/${res.body.documentId}`)).body.document;
    expect(doc).toMatchObject({ signerName: who.name, clientName: who.name, method: how === 'link' ? 'online' : 'recepcion', witnessedByName: how === 'link' ? null : 'Lucía Martín' });
  });

  it('a deleted account’s record signs at reception', async () => {
    const gone = await newClient(server, 'gone@example.com', 'Lola Díaz');
    const rec = await record({ name: 'Lola Díaz', account: 'gone@example.com' });
    const del = await gone.post('/api/my-account/delete', { confirm: 'ELIMINAR', password: 'secreto-1' });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const visit = await appointment(rec);
    const res = await admin.post(`/api/front-desk/appointments/${visit}/consent`, body({ signerName: 'Lola Díaz' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await admin.get(`/api/consents/documents/${res.body.documentId}`)).body.document).toMatchObject({ method: 'recepcion', witnessedByName: 'Dueña' });
  });

  it('a bad or forged link, a cancelled or ended visit: 404 with a Spanish message', async () => {
    const rec = await record({ name: 'Sofía Martín', phone: '+34611000002' });
    const cancelled = await appointment(rec);
    await server.deps.db.update(appointments).set({ status: 'cancelled_by_salon' }).where(eq(appointments.id, cancelled));
    const ended = await appointment(rec, '2026-02-27T09:00:00Z');
    for (const [t, visit] of [['nope', martaVisit], [`${token(martaVisit).split('.')[0]}.${'A'.repeat(43)}`, martaVisit], [token(cancelled), cancelled], [token(ended), ended]] as const) {
      const res = await linkForm(t, marta);
      expect([res.status, res.body.error.message]).toEqual([404, CONSENT_MSG.linkInvalid]);
      expect((await linkSign(t, visit, body(), marta)).status).toBe(404);
    }
    // No link opened at all.
    expect((await newSession(server.url).get('/api/consents/link')).status).toBe(404);
    expect((await marta.get(`/api/front-desk/appointments/${ended}/consent`)).status).toBe(403);
  });
});

describe('hostile input: a Spanish 4xx and nothing stored', () => {
  it.each<[string, Record<string, unknown>, number, string]>([
    ['a JPEG', { signature: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' }, 400, CONSENT_MSG.signatureInvalid],
    ['a PNG label on a script', { signature: `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}` }, 400, CONSENT_MSG.signatureInvalid],
    ['a malformed data URL', { signature: 'data:image/png;base64,%%%' }, 400, CONSENT_MSG.signatureInvalid],
    ['a PNG over 200 KB', { signature: `data:image/png;base64,${Buffer.alloc(205 * 1024).toString('base64')}` }, 400, CONSENT_MSG.signatureTooLarge],
    ['HTML in an answer', { answers: ANSWERS.map((a) => (a.questionId === 'notas' ? { ...a, value: '<img src=x onerror=alert(1)>' } : a)) }, 400, CONSENT_MSG.answerHtml],
    ['HTML as the signer', { signerName: '<script>alert(1)</script>' }, 400, CONSENT_MSG.answerHtml],
    ['an unknown question', { answers: [...ANSWERS, { questionId: 'q99', value: true }] }, 400, CONSENT_MSG.answerUnknownQuestion],
    ['a missing answer', { answers: ANSWERS.slice(1) }, 400, CONSENT_MSG.answersIncomplete],
    ['no health-data consent', { healthDataConsent: false }, 400, CONSENT_MSG.healthConsentRequired],
    ['an unknown version', { templateVersionId: '00000000-0000-4000-8000-000000000000' }, 400, CONSENT_MSG.notRequired],
    ['an extra field', { sha256: 'x' }, 400, MSG.invalidInput],
  ])('%s', async (_, patch, status, message) => {
    const rec = await record({ name: 'Nerea', phone: '+34611000003' });
    const visit = await appointment(rec);
    const before = await documentCount();
    const res = await linkSign(token(visit), visit, body(patch));
    expect([res.status, res.body.error?.message], JSON.stringify(res.body)).toEqual([status, message]);
    expect(await documentCount()).toBe(before);
  });

  it('a body far over the limit: 413, nothing stored', async () => {
    const rec = await record({ name: 'Nerea', phone: '+34611000003' });
    const visit = await appointment(rec);
    const before = await documentCount();
    // The server answers before reading it all and closes: no keep-alive for the next test to trip on.
    const res = await linkSign(token(visit), visit, body({ signature: `data:image/png;base64,${'A'.repeat(600 * 1024)}` }), undefined, { connection: 'close' });
    expect([res.status, res.body.error.message]).toEqual([413, CONSENT_MSG.signatureTooLarge]);
    expect(await documentCount()).toBe(before);
  });
});

describe('completing a visit without its consent', () => {
  it('is refused on every path (agenda, admin) with 409 consent_missing, unless the salon allows it', async () => {
    const rec = await record({ name: 'Paula Sanz', phone: '+34611000004' });
    const started = await appointment(rec, '2026-03-02T08:00:00Z');
    const byAgenda = await lucia.patch(`/api/agenda/appointments/${started}`, { status: 'completed' });
    expect([byAgenda.status, byAgenda.body.error.code, byAgenda.body.error.message]).toEqual([409, 'consent_missing', CONSENT_MSG.consentMissing]);
    const byAdmin = await admin.patch(`/api/admin/appointments/${started}/status`, { status: 'completed' });
    expect([byAdmin.status, byAdmin.body.error.code]).toEqual([409, 'consent_missing']);
    // A no-show needs no consent; a visit of a service that requires none completes.
    const haircut = await appointment(rec, '2026-03-02T07:30:00Z', salon.corte);
    expect((await lucia.patch(`/api/agenda/appointments/${haircut}`, { status: 'completed' })).status).toBe(200);

    const settings = (await admin.get('/api/admin/settings')).body;
    expect(settings.completeWithoutConsent).toBe(false);
    const { updatedAt: _u, ...form } = settings;
    expect((await admin.put('/api/admin/settings', { ...form, completeWithoutConsent: true })).body.completeWithoutConsent).toBe(true);
    const allowed = await lucia.patch(`/api/agenda/appointments/${started}`, { status: 'completed' });
    expect(allowed.status).toBe(200);
    expect(allowed.body.appointment).toMatchObject({ status: 'completed', consentMissing: true });
    await server.deps.db.update(salonSettings).set({ completeWithoutConsent: false });
  });

  it('once she signed at reception, it completes', async () => {
    const rec = await record({ name: 'Vera Luna', phone: '+34611000005' });
    const started = await appointment(rec, '2026-03-02T07:00:00Z');
    expect((await lucia.post(`/api/front-desk/appointments/${started}/consent`, body({ signerName: 'Vera Luna' }))).status).toBe(201);
    expect((await admin.patch(`/api/admin/appointments/${started}/status`, { status: 'completed' })).status).toBe(200);
  });
});
