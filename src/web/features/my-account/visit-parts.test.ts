import { describe, expect, it } from 'vitest';
import { visitCards } from './visit-parts';

const a = (id: string, startTime: string, visitId: string | null = null) => ({ id, startTime, visitId, serviceName: id });

describe('visitCards: one card per visit, its parts in order', () => {
  it('groups the parts of a visit on the card of its first part, where the list had the visit', () => {
    const list = [a('later', '2026-02-10T10:00:00Z'), a('pedicura', '2026-02-03T10:00:00Z', 'v1'), a('manicura', '2026-02-03T09:00:00Z', 'v1'), a('old', '2026-01-02T10:00:00Z')];
    const cards = visitCards(list);
    expect(cards.map((c) => [c.id, c.parts.map((p) => p.id)])).toEqual([
      ['later', ['later']],
      ['manicura', ['manicura', 'pedicura']],
      ['old', ['old']],
    ]);
  });

  it('parts at the same time (in parallel) keep a stable order', () => {
    const cards = visitCards([a('b', '2026-02-03T09:00:00Z', 'v'), a('a', '2026-02-03T09:00:00Z', 'v')]);
    expect(cards.map((c) => c.parts.map((p) => p.id))).toEqual([['a', 'b']]);
  });

  it('a list without visits is unchanged', () => {
    const list = [a('x', '2026-02-03T09:00:00Z'), a('y', '2026-02-01T09:00:00Z')];
    expect(visitCards(list).map((c) => c.id)).toEqual(['x', 'y']);
  });
});
