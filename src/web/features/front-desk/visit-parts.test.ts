import { describe, expect, it } from 'vitest';
import { offersWholeVisit, otherVisitParts } from './visit-parts';

const part = (id: string, visitId: string | null, time: string, status = 'confirmed') => ({
  id,
  visitId,
  startTime: `2027-03-15T${time}:00.000Z`,
  status,
});

const mani = part('a1', 'v1', '09:00');
const pedi = part('b2', 'v1', '09:00');
const brows = part('c3', 'v1', '10:00');
const other = part('d4', 'v2', '09:30');
const single = part('e5', null, '11:00');
const day = [brows, single, other, pedi, mani];

describe('otherVisitParts', () => {
  it.each([
    ['a part: the others of its visit, by time then id', mani, ['b2', 'c3']],
    ['the last part: the earlier ones', brows, ['a1', 'b2']],
    ['another visit: only its own (none left on the day)', other, []],
    ['outside a visit: none', single, []],
  ])('%s', (_n, a, ids) => {
    expect(otherVisitParts(day, a).map((p) => p.id)).toEqual(ids);
  });
});

describe('offersWholeVisit', () => {
  it.each([
    ['confirmed beside a confirmed part', mani, [pedi], true],
    ['confirmed beside one cancelled and one confirmed', mani, [{ ...pedi, status: 'cancelled_by_client' }, brows], true],
    [
      'every other part cancelled or done: only this one is left',
      mani,
      [
        { ...pedi, status: 'cancelled_by_salon' },
        { ...brows, status: 'completed' },
      ],
      false,
    ],
    ['this part already cancelled', { ...mani, status: 'cancelled_by_salon' }, [pedi], false],
    ['outside a visit', single, [], false],
  ])('%s', (_n, a, others, expected) => {
    expect(offersWholeVisit(a, others)).toBe(expected);
  });
});
