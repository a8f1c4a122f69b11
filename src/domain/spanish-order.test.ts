import { describe, expect, it } from 'vitest';
import { sortedByName } from './spanish-order';

describe('sortedByName', () => {
  it.each([
    [['Zumo', 'Ácido', 'Acondicionador'], ['Ácido', 'Acondicionador', 'Zumo']],
    [['Sala 10', 'Sala 2'], ['Sala 2', 'Sala 10']],
    [['lucía', 'Luis', 'Lucas'], ['Lucas', 'lucía', 'Luis']],
    [['Ñora', 'Nuria', 'Oscar'], ['Nuria', 'Ñora', 'Oscar']],
    [[], []],
  ])('%j -> %j', (names, expected) => {
    const rows = names.map((name) => ({ name }));
    expect(sortedByName(rows).map((r) => r.name)).toEqual(expected);
    expect(rows.map((r) => r.name)).toEqual(names); // the input is left as it was
  });
});
