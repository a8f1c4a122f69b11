import { describe, expect, it } from 'vitest';
import {
  answersError,
  canonicalDocument,
  canonicalJson,
  CONSENT_MSG,
  contraindicationsOf,
  coversVisit,
  needsNewVersion,
  normaliseAnswers,
  signerNameError,
  templateError,
  validityEndOf,
  type CanonicalDocument,
  type ConsentAnswer,
  type ConsentQuestion,
  type SignedFacts,
  type TemplateInput,
} from './consents';
import { salonDateOf, SALON_TIME_ZONE } from './salon-time';

// Signed consents (ADR 041): the tables are the specification of the SQL in migration 0015_consents.

const Q: ConsentQuestion[] = [
  { id: 'embarazo', text: '¿Estás embarazada?', kind: 'yesno', askDetail: false, contraindication: true },
  { id: 'medicacion', text: '¿Tomas medicación fotosensibilizante?', kind: 'yesno', askDetail: true, contraindication: true },
  { id: 'alergias', text: '¿Tienes alergias?', kind: 'yesno', askDetail: true, contraindication: false },
  { id: 'fototipo', text: '¿Cómo reacciona tu piel al sol?', kind: 'text', askDetail: false, contraindication: false },
];
const ALL_NO: ConsentAnswer[] = [
  { questionId: 'embarazo', value: false },
  { questionId: 'medicacion', value: false },
  { questionId: 'alergias', value: false },
  { questionId: 'fototipo', value: 'Me bronceo sin quemarme' },
];
const with_ = (patch: ConsentAnswer) => ALL_NO.map((a) => (a.questionId === patch.questionId ? patch : a));

describe('validity: the first salon day a months signature no longer covers', () => {
  it.each<[string, string, number, string]>([
    ['12 months', '2026-03-10', 12, '2027-03-10'],
    ['1 month', '2026-03-10', 1, '2026-04-10'],
    ['31 January + 1 month: the end of February', '2026-01-31', 1, '2026-02-28'],
    ['a leap year', '2027-01-31', 13, '2028-02-29'],
    ['across a year end', '2026-11-15', 3, '2027-02-15'],
  ])('%s', (_, signed, months, end) => expect(validityEndOf(signed, months)).toBe(end));
});

describe('coversVisit', () => {
  const doc = (p: Partial<SignedFacts> = {}): SignedFacts => ({ signedDay: '2026-03-10', appointmentId: 'a1', version: 2, currentVersion: 2, validity: { kind: 'months', months: 12 }, ...p });
  it.each<[string, SignedFacts, { appointmentId: string; day: string }, boolean]>([
    ['months: a visit months later', doc(), { appointmentId: 'a9', day: '2026-09-01' }, true],
    ['months: the same day it was signed', doc(), { appointmentId: 'a1', day: '2026-03-10' }, true],
    ['months: the last day covered', doc(), { appointmentId: 'a9', day: '2027-03-09' }, true],
    ['months: expired the day before the visit (visit on signed day + 12 months)', doc(), { appointmentId: 'a9', day: '2027-03-10' }, false],
    ['months: long after', doc(), { appointmentId: 'a9', day: '2028-01-01' }, false],
    ['months: an earlier visit is covered too (signed late)', doc(), { appointmentId: 'a0', day: '2026-03-01' }, true],
    ['visit: the appointment it was signed for', doc({ validity: { kind: 'visit' } }), { appointmentId: 'a1', day: '2026-03-10' }, true],
    ['visit: another appointment the same day', doc({ validity: { kind: 'visit' } }), { appointmentId: 'a2', day: '2026-03-10' }, false],
    ['visit: signed without an appointment', doc({ validity: { kind: 'visit' }, appointmentId: null }), { appointmentId: 'a1', day: '2026-03-10' }, false],
    ['an older version: she must sign the new text', doc({ version: 1 }), { appointmentId: 'a1', day: '2026-03-10' }, false],
    ['an older version, visit kind, same appointment', doc({ version: 1, validity: { kind: 'visit' } }), { appointmentId: 'a1', day: '2026-03-10' }, false],
  ])('%s', (_, d, visit, expected) => expect(coversVisit(d, visit)).toBe(expected));

  it('salon days are Madrid days, also across the DST change', () => {
    // Signed at 23:30 on 28 March 2026 in Madrid (22:30 UTC, winter time): the salon day is the 28th.
    const signedDay = salonDateOf(new Date('2026-03-28T22:30:00Z'), SALON_TIME_ZONE);
    expect(signedDay).toBe('2026-03-28');
    // A visit at 00:30 on 28 April 2026 in Madrid (22:30 UTC the 27th, summer time) is on the 28th: 1 month has ended.
    const visitDay = salonDateOf(new Date('2026-04-27T22:30:00Z'), SALON_TIME_ZONE);
    expect(visitDay).toBe('2026-04-28');
    const d: SignedFacts = { signedDay, appointmentId: null, version: 1, currentVersion: 1, validity: { kind: 'months', months: 1 } };
    expect(coversVisit(d, { appointmentId: 'x', day: visitDay })).toBe(false);
    expect(coversVisit(d, { appointmentId: 'x', day: salonDateOf(new Date('2026-04-27T21:30:00Z'), SALON_TIME_ZONE) })).toBe(true);
  });
});

describe('contraindicationsOf', () => {
  it.each<[string, ConsentAnswer[], string[]]>([
    ['all no: none', ALL_NO, []],
    ['pregnant', with_({ questionId: 'embarazo', value: true }), ['¿Estás embarazada? Sí']],
    ['medication with its detail', with_({ questionId: 'medicacion', value: true, detail: 'isotretinoína' }), ['¿Tomas medicación fotosensibilizante? Sí: isotretinoína']],
    ['a yes that is not a contraindication', with_({ questionId: 'alergias', value: true, detail: 'níquel' }), []],
    [
      'two, in the questions’ order',
      [{ questionId: 'medicacion', value: true }, ...with_({ questionId: 'embarazo', value: true }).filter((a) => a.questionId !== 'medicacion')],
      ['¿Estás embarazada? Sí', '¿Tomas medicación fotosensibilizante? Sí'],
    ],
  ])('%s', (_, answers, expected) => expect(contraindicationsOf(Q, answers)).toEqual(expected));
});

describe('answersError', () => {
  it.each<[string, ConsentAnswer[], string | null]>([
    ['every question answered', ALL_NO, null],
    ['a yes with its detail', with_({ questionId: 'medicacion', value: true, detail: 'isotretinoína' }), null],
    ['one missing', ALL_NO.slice(1), CONSENT_MSG.answersIncomplete],
    ['none', [], CONSENT_MSG.answersIncomplete],
    ['an unknown question', [...ALL_NO, { questionId: 'q99', value: true }], CONSENT_MSG.answerUnknownQuestion],
    ['the same question twice', [...ALL_NO, { questionId: 'embarazo', value: true }], CONSENT_MSG.answerUnknownQuestion],
    ['a text for a yes/no', with_({ questionId: 'embarazo', value: 'sí' }), CONSENT_MSG.answerWrongKind],
    ['a boolean for a text', with_({ questionId: 'fototipo', value: true }), CONSENT_MSG.answerWrongKind],
    ['a detail where none is asked', with_({ questionId: 'embarazo', value: true, detail: 'semana 10' }), CONSENT_MSG.detailNotAllowed],
    ['a detail on a no', with_({ questionId: 'medicacion', value: false, detail: 'isotretinoína' }), CONSENT_MSG.detailNotAllowed],
    ['a detail on a text question', with_({ questionId: 'fototipo', value: 'x', detail: 'y' }), CONSENT_MSG.detailNotAllowed],
    ['a text too long', with_({ questionId: 'fototipo', value: 'a'.repeat(501) }), CONSENT_MSG.answerTooLong],
    ['a detail too long', with_({ questionId: 'medicacion', value: true, detail: 'a'.repeat(301) }), CONSENT_MSG.answerTooLong],
    ['HTML in a text', with_({ questionId: 'fototipo', value: '<img src=x onerror=alert(1)>' }), CONSENT_MSG.answerHtml],
    ['HTML in a detail', with_({ questionId: 'medicacion', value: true, detail: '<b>x</b>' }), CONSENT_MSG.answerHtml],
    ['a control character', with_({ questionId: 'fototipo', value: 'a\u0000b' }), CONSENT_MSG.answerWrongKind],
  ])('%s', (_, answers, expected) => expect(answersError(Q, answers)).toBe(expected));

  it('stores them in the questions’ order, trimmed, without an empty detail', () => {
    const shuffled = [...with_({ questionId: 'alergias', value: true, detail: '  ' })].reverse().map((a) => (typeof a.value === 'string' ? { ...a, value: `  ${a.value} ` } : a));
    expect(normaliseAnswers(Q, shuffled)).toEqual([
      { questionId: 'embarazo', value: false },
      { questionId: 'medicacion', value: false },
      { questionId: 'alergias', value: true },
      { questionId: 'fototipo', value: 'Me bronceo sin quemarme' },
    ]);
  });
});

describe('templateError', () => {
  const t = (p: Partial<TemplateInput> = {}): TemplateInput => ({ title: 'Láser', body: 'Texto', questions: Q, validity: { kind: 'months', months: 12 }, ...p });
  it.each<[string, TemplateInput, string | null]>([
    ['fine', t(), null],
    ['each visit, no questions', t({ validity: { kind: 'visit' }, questions: [] }), null],
    ['no title', t({ title: '' }), CONSENT_MSG.titleRequired],
    ['a long title', t({ title: 'a'.repeat(121) }), CONSENT_MSG.titleTooLong],
    ['no text', t({ body: '' }), CONSENT_MSG.bodyRequired],
    ['0 months', t({ validity: { kind: 'months', months: 0 } }), CONSENT_MSG.validityRange],
    ['61 months', t({ validity: { kind: 'months', months: 61 } }), CONSENT_MSG.validityRange],
    ['1.5 months', t({ validity: { kind: 'months', months: 1.5 } }), CONSENT_MSG.validityRange],
    ['two questions with one id', t({ questions: [Q[0]!, { ...Q[1]!, id: 'embarazo' }] }), CONSENT_MSG.questionDuplicate],
    ['a question id with spaces', t({ questions: [{ ...Q[0]!, id: 'a b' }] }), CONSENT_MSG.questionInvalid],
    ['a question without text', t({ questions: [{ ...Q[0]!, text: '' }] }), CONSENT_MSG.questionInvalid],
    ['a text question as contraindication', t({ questions: [{ ...Q[3]!, contraindication: true }] }), CONSENT_MSG.contraindicationOnlyYesNo],
    ['41 questions', t({ questions: Array.from({ length: 41 }, (_, i) => ({ ...Q[0]!, id: `q${i}` })) }), CONSENT_MSG.questionsTooMany],
  ])('%s', (_, v, expected) => expect(templateError(v)).toBe(expected));

  it.each<[string, Partial<TemplateInput>, boolean]>([
    ['nothing changed', {}, false],
    ['the title', { title: 'Láser 2' }, true],
    ['the text', { body: 'Otro texto' }, true],
    ['a question', { questions: [{ ...Q[0]!, text: '¿Embarazo?' }] }, true],
    ['the validity', { validity: { kind: 'visit' } }, true],
  ])('new version when %s', (_, patch, expected) => expect(needsNewVersion(t(), t(patch))).toBe(expected));
});

describe('signerNameError', () => {
  it.each<[string, string | null]>([
    ['Marta García', null],
    ['', CONSENT_MSG.signerNameRequired],
    ['<b>Marta</b>', CONSENT_MSG.answerHtml],
    ['a'.repeat(121), CONSENT_MSG.signerNameTooLong],
    ['Marta\nGarcía', CONSENT_MSG.signerNameRequired],
  ])('%j', (name, expected) => expect(signerNameError(name)).toBe(expected));
});

describe('canonical serialisation (the hash’s input)', () => {
  const d: CanonicalDocument = {
    appointmentId: 'a1',
    templateId: 't1',
    templateVersionId: 'v1',
    title: 'Láser',
    body: 'Texto',
    questions: Q,
    answers: ALL_NO,
    healthDataConsent: true,
    signatureBase64: 'iVBORw0KGgo=',
    signerName: 'Marta García',
    signedAt: '2026-03-10T10:00:00.000Z',
    method: 'online',
    witnessedByUserId: null,
  };
  it('is the same text whatever order the keys were built in', () => {
    const reordered = Object.fromEntries(Object.entries(d).reverse()) as CanonicalDocument;
    expect(canonicalDocument(reordered)).toBe(canonicalDocument(d));
  });
  it('changes with any answer, the signature or the signer', () => {
    const base = canonicalDocument(d);
    expect(canonicalDocument({ ...d, answers: with_({ questionId: 'embarazo', value: true }) })).not.toBe(base);
    expect(canonicalDocument({ ...d, signatureBase64: 'AAAA' })).not.toBe(base);
    expect(canonicalDocument({ ...d, signerName: 'Otra' })).not.toBe(base);
  });
  it('sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: [{ d: undefined, c: 'x' }] })).toBe('{"a":[{"c":"x"}],"b":1}');
  });
});
