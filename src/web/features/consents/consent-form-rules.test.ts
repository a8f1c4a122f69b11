import { describe, expect, it } from 'vitest';
import type { Question } from '../../api/consents';
import { answersOf, FORM_MSG, formProblems } from './consent-form-rules';

const Q: Question[] = [
  { id: 'q1', text: '¿Estás embarazada?', kind: 'yesno', askDetail: false, contraindication: true },
  { id: 'q2', text: '¿Tomas medicación?', kind: 'yesno', askDetail: true, contraindication: true },
  { id: 'q3', text: 'Tu fototipo', kind: 'text', askDetail: false, contraindication: false },
];
const ok = { accepted: true, signerName: 'Lola', signature: 'data:image/png;base64,xx' };

describe('formProblems', () => {
  it.each([
    ['all answered and signed', { q1: { value: false }, q2: { value: true, detail: 'x' }, q3: { value: 'III' } }, ok, 0, ''],
    [
      'nothing done',
      {},
      { accepted: false, signerName: ' ', signature: null },
      4,
      'No se puede firmar todavía: faltan 2 respuestas, falta aceptar el tratamiento de tus datos de salud, falta el nombre de quien firma, falta la firma.',
    ],
    ['a blank short text may stay blank', { q1: { value: true }, q2: { value: false }, q3: { value: '  ' } }, ok, 0, ''],
    ['a yes/no left unanswered', { q1: { value: true }, q3: { value: 'II' } }, ok, 1, 'No se puede firmar todavía: falta 1 respuesta.'],
    [
      'HTML in the name',
      { q1: { value: false }, q2: { value: false } },
      { ...ok, signerName: '<b>Lola</b>' },
      1,
      'No se puede firmar todavía: revisa el nombre de quien firma.',
    ],
    [
      'only the signature',
      { q1: { value: false }, q2: { value: false }, q3: { value: 'II' } },
      { ...ok, signature: null },
      1,
      'No se puede firmar todavía: falta la firma.',
    ],
  ])('%s', (_name, draft, f, count, summary) => {
    const p = formProblems(Q, draft, f);
    expect(p.count).toBe(count);
    expect(p.summary).toBe(summary);
    if (!f.signature) expect(p.signature).toBe(FORM_MSG.signatureRequired);
  });
});

describe('answersOf', () => {
  it.each([
    [
      'a yes with its detail',
      { q1: { value: false }, q2: { value: true, detail: ' isotretinoína ' }, q3: { value: ' III ' } },
      [
        { questionId: 'q1', value: false },
        { questionId: 'q2', value: true, detail: 'isotretinoína' },
        { questionId: 'q3', value: 'III' },
      ],
    ],
    [
      'a no drops a detail typed before',
      { q1: { value: true, detail: 'x' }, q2: { value: false, detail: 'y' }, q3: { value: 'I' } },
      [
        { questionId: 'q1', value: true },
        { questionId: 'q2', value: false },
        { questionId: 'q3', value: 'I' },
      ],
    ],
    [
      'an empty detail is left out',
      { q1: { value: false }, q2: { value: true, detail: '  ' }, q3: { value: 'I' } },
      [
        { questionId: 'q1', value: false },
        { questionId: 'q2', value: true },
        { questionId: 'q3', value: 'I' },
      ],
    ],
  ])('%s', (_name, draft, expected) => {
    expect(answersOf(Q, draft)).toEqual(expected);
  });
});
