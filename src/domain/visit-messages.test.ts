import { describe, expect, it } from 'vitest';
import { cancelledWith, firstPart, reminderHolder, visitGoesOn, type VisitPartState } from './visit-messages';

// Which part speaks to the client for her visit, and what its cancellation names (ADRs 093, 098).

const t = (hhmm: string) => new Date(`2026-06-10T${hhmm}:00.000Z`);
const part = (id: string, start: string, status = 'confirmed', changedAt = '08:00'): VisitPartState => ({ id, start: t(start), status, changedAt: t(changedAt) });

describe('firstPart', () => {
  it.each([
    ['back to back', [part('b', '11:00'), part('a', '10:00')], 'a'],
    ['side by side: the smaller id, whatever the order given', [part('b', '10:00'), part('a', '10:00')], 'a'],
    ['one part', [part('x', '12:00')], 'x'],
    ['none', [], undefined],
  ])('%s', (_name, parts, want) => {
    expect(firstPart(parts)?.id).toBe(want);
  });
});

describe('reminderHolder: the earliest part still confirmed', () => {
  it.each([
    ['nothing changed: the first part', [part('p1', '10:00'), part('p2', '11:00'), part('p3', '12:00')], 'p1'],
    ['the desk cancelled the first part: the second', [part('p1', '10:00', 'cancelled_by_salon'), part('p2', '11:00'), part('p3', '12:00')], 'p2'],
    ['the desk moved the last part first: it holds it', [part('p1', '10:00'), part('p2', '11:00'), part('p3', '09:00')], 'p3'],
    ['the first part done, the rest to come', [part('p1', '10:00', 'completed'), part('p2', '11:00')], 'p2'],
    ['all cancelled: none', [part('p1', '10:00', 'cancelled_by_client'), part('p2', '11:00', 'cancelled_by_client')], undefined],
  ])('%s', (_name, parts, want) => {
    expect(reminderHolder(parts)?.id).toBe(want);
  });
});

describe('cancelledWith: the parts her cancellation names', () => {
  it.each([
    ['the whole visit cancelled by her: every part, in time order', [part('p2', '11:00', 'cancelled_by_client', '09:00'), part('p1', '10:00', 'cancelled_by_client', '09:00')], 'p1', ['p1', 'p2']],
    ['the desk cancelled one part: that part only', [part('p1', '10:00', 'cancelled_by_salon', '09:00'), part('p2', '11:00')], 'p1', ['p1']],
    ['one part earlier, the rest later: the later act only', [part('p1', '10:00', 'cancelled_by_salon', '09:00'), part('p2', '11:00', 'cancelled_by_salon', '09:30'), part('p3', '12:00', 'cancelled_by_salon', '09:30')], 'p2', ['p2', 'p3']],
    ['the desk cancelled one part, then she the rest: hers only', [part('p1', '10:00', 'cancelled_by_salon', '09:00'), part('p2', '11:00', 'cancelled_by_client', '09:00')], 'p2', ['p2']],
    ['a part done before is not named', [part('p1', '10:00', 'completed', '09:00'), part('p2', '11:00', 'cancelled_by_salon', '09:00')], 'p2', ['p2']],
    ['two at once: in the order given', [part('p2', '10:00', 'cancelled_by_client', '09:00'), part('p1', '10:00', 'cancelled_by_client', '09:00')], 'p1', ['p2', 'p1']],
    ['an unknown part: nothing', [part('p1', '10:00')], 'zz', []],
  ])('%s', (_name, parts, id, want) => {
    expect(cancelledWith(parts, id).map((p) => p.id)).toEqual(want);
  });
});

describe('visitGoesOn: another part still confirmed', () => {
  it.each([
    ['one part cancelled, one confirmed', [part('p1', '10:00', 'cancelled_by_salon'), part('p2', '11:00')], true],
    ['all cancelled', [part('p1', '10:00', 'cancelled_by_salon'), part('p2', '11:00', 'cancelled_by_salon')], false],
    ['a single appointment', [part('p1', '10:00', 'cancelled_by_salon')], false],
  ])('%s', (_name, parts, want) => {
    expect(visitGoesOn(parts, 'p1')).toBe(want);
  });
});
