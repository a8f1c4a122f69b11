import { describe, expect, it } from 'vitest';
import { offersWholeVisit } from './whole-visit-choice';

// Gestionar Citas asks the day view's rule (ADR 104) with what its list answers: the row's status
// and its other parts' statuses (`visitOtherStatuses`, [] or null outside a visit).
const ask = (status: string, others: string[] | null) => offersWholeVisit({ status }, (others ?? []).map((s) => ({ status: s })));

describe('offersWholeVisit, as Gestionar Citas asks it', () => {
  it.each([
    ['a part beside a confirmed part', 'confirmed', ['confirmed'], true],
    ['beside one cancelled and one confirmed', 'confirmed', ['cancelled_by_client', 'confirmed'], true],
    ['the other part cancelled by the salon', 'confirmed', ['cancelled_by_salon'], false],
    ['the other parts done or not come', 'confirmed', ['completed', 'no_show'], false],
    ['not in a visit (null)', 'confirmed', null, false],
    ['not in a visit ([])', 'confirmed', [], false],
    ['the row itself no longer confirmed', 'completed', ['confirmed'], false],
  ])('%s', (_name, status, others, expected) => {
    expect(ask(status, others)).toBe(expected);
  });
});
