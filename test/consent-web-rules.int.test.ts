import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_MSG } from '../src/domain/consents';
import { appointments, clients, consentDocuments, consentTemplates } from '../src/server/db/schema';
import { consentSignToken } from '../src/server/notifications/consent-tokens';
import { signatureDataUrl } from '../src/server/seed/signature-png';
import { arrangeSalon, newClient, type Salon } from './support/booking-fixtures';
import { newSession, promote, type Session } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

// The consent screens check some rules before they post (ADR 041): the questions editor and the
// template form (src/web/features/consents/questions-editor.tsx, template-form.tsx) and the signing
// form (consent-form-rules.ts, question-inputs.tsx). A request that skips the browser must meet the
// same refusal, in Spanish, with nothing stored. One row per rule the web app enforces.

const NOW = new Date('2026-03-02T09:00:00Z');
let server: TestServer;
let salon: Salon;
let admin: Session;
let anyone: Session;
let token: string;
let visitId: string;
let versionId: string;

const yesNo = { kind: 'yesno', askDetail: false, contraindication: false } as const;
const QUESTIONS = [
  { id: 'q1', text: '¿Estás embarazada?', ...yesNo, contraindication: true },
  { id: 'q2', text: '¿Tomas medicación?', ...yesNo, askDetail: true },
  { id: 'q3', text: 'Tu fototipo', kind: 'text', askDetail: false, contraindication: false },
];
const template = (p: Record<string, unknown> = {}) => ({
  title: 'Láser',
  body: 'Entiendo el tratamiento.',
  questions: QUESTIONS,
  validity: { kind: 'months', months: 12 },
  serviceIds: [salon.tinte],
  ...p,
});
const ANSWERS = [
  { questionId: 'q1', value: false },
  { questionId: 'q2', value: true, detail: 'isotretinoína' },
  { questionId: 'q3', value: '' },
];
const signing = (p: Record<string, unknown> = {}) => ({
  templateVersionId: versionId,
  answers: ANSWERS,
  healthDataConsent: true,
  signerName: 'Marta García',
  signature: signatureDataUrl(),
  ...p,
});
const rows = async (table: typeof consentTemplates | typeof consentDocuments) =>
  (await server.deps.db.select({ n: count() }).from(table))[0]!.n;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
  salon = await arrangeSalon(server, { interval: 30 });
  admin = await newClient(server, 'admin@salon.test', 'Dueña');
  await promote(server.deps, 'admin@salon.test', 'admin');
  anyone = newSession(server.url);
  const made = await admin.post('/api/admin/consent-templates', template());
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const [record] = await server.deps.db
    .insert(clients)
    .values({ name: 'Marta García', email: 'marta@example.com' })
    .returning({ id: clients.id });
  const start = new Date('2026-03-10T09:00:00Z');
  const [visit] = await server.deps.db
    .insert(appointments)
    .values({
      clientId: null,
      clientName: 'Marta García',
      clientEmail: 'marta@example.com',
      employeeId: salon.luciaUserId,
      employeeName: 'Lucía Martín',
      serviceId: salon.tinte,
      serviceName: 'Tinte completo',
      serviceDuration: 30,
      price: 55,
      startTime: start,
      endTime: new Date(start.getTime() + 1800_000),
      clientRecordId: record!.id,
      bookedBy: 'staff',
    })
    .returning({ id: appointments.id });
  token = consentSignToken(server.deps.messageSecret, visit!.id);
  visitId = visit!.id;
  // The mailed link puts its token in a cookie (ADR 051); the form is the link's own API.
  expect((await anyone.get(`/firma/${token}`)).status).toBe(303);
  const form = await anyone.get('/api/consents/link');
  expect(form.status, JSON.stringify(form.body)).toBe(200);
  versionId = form.body.pending[0].templateVersionId;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the template form and the questions editor', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'a short-text question asking «¿cuál?»',
      { questions: [{ ...QUESTIONS[2]!, askDetail: true }] },
      CONSENT_MSG.contraindicationOnlyYesNo,
    ],
    [
      'a short-text question as a contraindication',
      { questions: [{ ...QUESTIONS[2]!, contraindication: true }] },
      CONSENT_MSG.contraindicationOnlyYesNo,
    ],
    ['a question of blanks', { questions: [{ ...QUESTIONS[0]!, text: '   ' }] }, CONSENT_MSG.questionInvalid],
    ['a question over 300 characters', { questions: [{ ...QUESTIONS[0]!, text: 'a'.repeat(301) }] }, CONSENT_MSG.questionInvalid],
    ['two questions with one id', { questions: [QUESTIONS[0]!, { ...QUESTIONS[1]!, id: 'q1' }] }, CONSENT_MSG.questionDuplicate],
    ['a title of blanks', { title: '   ' }, CONSENT_MSG.titleRequired],
    ['no text', { body: ' ' }, CONSENT_MSG.bodyRequired],
    ['an empty months field (NaN is null in JSON)', { validity: { kind: 'months', months: null } }, CONSENT_MSG.validityRange],
    ['61 months', { validity: { kind: 'months', months: 61 } }, CONSENT_MSG.validityRange],
    ['1.5 months', { validity: { kind: 'months', months: 1.5 } }, CONSENT_MSG.validityRange],
  ])('%s: 400, nothing stored', async (_, patch, message) => {
    const before = await rows(consentTemplates);
    const res = await admin.post('/api/admin/consent-templates', template(patch));
    expect([res.status, res.body.error?.message], JSON.stringify(res.body)).toEqual([400, message]);
    expect(await rows(consentTemplates)).toBe(before);
  });
});

describe('the signing form', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a yes/no left unanswered', { answers: ANSWERS.slice(1) }, CONSENT_MSG.answersIncomplete],
    ['a short text left out (the form sends it empty)', { answers: ANSWERS.slice(0, 2) }, CONSENT_MSG.answersIncomplete],
    [
      '«¿Cuál?» kept after a no',
      { answers: [ANSWERS[0]!, { questionId: 'q2', value: false, detail: 'x' }, ANSWERS[2]!] },
      CONSENT_MSG.detailNotAllowed,
    ],
    [
      '«¿Cuál?» on a question that does not ask it',
      { answers: [{ questionId: 'q1', value: true, detail: 'x' }, ...ANSWERS.slice(1)] },
      CONSENT_MSG.detailNotAllowed,
    ],
    ['the health-data box not ticked', { healthDataConsent: false }, CONSENT_MSG.healthConsentRequired],
    ['a name of blanks', { signerName: '   ' }, CONSENT_MSG.signerNameRequired],
    ['HTML in the name', { signerName: '<b>Marta</b>' }, CONSENT_MSG.answerHtml],
    ['no signature drawn', { signature: '' }, CONSENT_MSG.signatureRequired],
  ])('%s: 400, nothing stored', async (_, patch, message) => {
    const before = await rows(consentDocuments);
    const res = await anyone.post('/api/consents/link', { ...signing(patch), appointmentId: visitId });
    expect([res.status, res.body.error?.message], JSON.stringify(res.body)).toEqual([400, message]);
    expect(await rows(consentDocuments)).toBe(before);
  });

  it('what the form sends when all is done is signed', async () => {
    const res = await anyone.post('/api/consents/link', { ...signing(), appointmentId: visitId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await rows(consentDocuments)).toBe(1);
  });
});
