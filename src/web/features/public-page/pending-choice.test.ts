import { describe, expect, it } from 'vitest';
import { CHOICE_VERSION, parseChoice, type KeptChoice } from './pending-choice';

// The kept choice's parse (ADR 105): what the page wrote comes back as it was; anything else
// (another version, a hand-edited field, a stale shape) is no choice, never a throw.

const part = (n: number) => ({ serviceId: `s${n}`, serviceName: `Servicio ${n}`, professionalId: `p${n}`, professionalName: `Profesional ${n}` });
const single: KeptChoice = { kind: 'single', ...part(1), date: '2026-01-19', time: '10:30', notes: '' };
const visit: KeptChoice = { kind: 'visit', parts: [part(1), part(2)], mode: 'parallel', date: '2026-01-19', time: '10:00', notes: 'Piel sensible' };
const stored = (c: object) => JSON.stringify({ v: CHOICE_VERSION, ...c });

describe('parseChoice', () => {
  it.each<[string, string | null, KeptChoice | null]>([
    ['one service, as written', stored(single), single],
    ['a visit of two, as written', stored(visit), visit],
    ['a visit of three', stored({ ...visit, parts: [part(1), part(2), part(3)], mode: 'sequence' }), { ...visit, parts: [part(1), part(2), part(3)], mode: 'sequence' }],
    ['extra fields are dropped', stored({ ...single, price: 1, admin: true }), single],
    ['nothing stored', null, null],
    ['not JSON', '{"v":2,', null],
    ['JSON null', 'null', null],
    ['an array', '[]', null],
    ['a string', '"hola"', null],
    ['the unversioned shape of before', JSON.stringify({ ...single, kind: undefined }), null],
    ['another version', JSON.stringify({ v: 1, ...single }), null],
    ['the version as text', JSON.stringify({ ...single, v: '2' }), null],
    ['an unknown kind', stored({ ...single, kind: 'bono' }), null],
    ['no kind', stored({ ...single, kind: undefined }), null],
    ['a missing service', stored({ ...single, serviceId: undefined }), null],
    ['an empty professional', stored({ ...single, professionalId: '  ' }), null],
    ['an id as a number', stored({ ...single, serviceId: 7 }), null],
    ['an overlong id', stored({ ...single, serviceId: 'x'.repeat(101) }), null],
    ['a day that does not exist', stored({ ...single, date: '2026-02-30' }), null],
    ['a time that is not HH:MM', stored({ ...single, time: '10h' }), null],
    ['notes over 2000', stored({ ...single, notes: 'a'.repeat(2001) }), null],
    ['missing notes', stored({ ...single, notes: undefined }), null],
    ['a visit of one', stored({ ...visit, parts: [part(1)] }), null],
    ['a visit of four', stored({ ...visit, parts: [part(1), part(2), part(3), part(4)] }), null],
    ['a visit with a part that is not an object', stored({ ...visit, parts: [part(1), 'p2'] }), null],
    ['a visit part without its professional', stored({ ...visit, parts: [part(1), { ...part(2), professionalId: undefined }] }), null],
    ['a visit with parts as an object', stored({ ...visit, parts: { 0: part(1), 1: part(2) } }), null],
    ['a visit with an unknown mode', stored({ ...visit, mode: 'juntos' }), null],
  ])('%s', (_, raw, expected) => {
    expect(parseChoice(raw)).toEqual(expected);
  });
});
