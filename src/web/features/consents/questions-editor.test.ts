import { describe, expect, it } from 'vitest';
import type { Question } from '../../api/consents';
import { newQuestion } from './questions-editor';

const q = (id: string): Question => ({ id, text: 'x', kind: 'yesno', askDetail: false, contraindication: false });

// A question keeps its id across versions: a new one never takes an id still in use.
describe('newQuestion', () => {
  it.each([
    ['the first', [], 'q1'],
    ['after q1, q2', [q('q1'), q('q2')], 'q3'],
    ['q1 removed: q3 is still used', [q('q2'), q('q3')], 'q4'],
    ['reordered', [q('q3'), q('q1')], 'q4'],
  ])('%s', (_name, existing, id) => {
    expect(newQuestion(existing)).toEqual({ id, text: '', kind: 'yesno', askDetail: false, contraindication: false });
  });
});
