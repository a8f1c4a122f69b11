import { describe, expect, it } from 'vitest';
import { conflictLabel, conflictsNotice } from './resource-text';

describe('conflictLabel', () => {
  it.each([
    [{ resourceName: 'Láser de diodo', kind: 'inactive', reason: '' }, 'Láser de diodo: desactivado para nuevas citas'],
    [{ resourceName: 'Cabina 1', kind: 'maintenance', reason: '' }, 'Cabina 1: fuera de servicio'],
    [{ resourceName: 'Cabina 1', kind: 'maintenance', reason: '  ' }, 'Cabina 1: fuera de servicio'],
    [{ resourceName: 'Láser de diodo', kind: 'maintenance', reason: 'Revisión anual ' }, 'Láser de diodo: fuera de servicio (Revisión anual)'],
  ] as const)('%o reads %s', (conflict, text) => {
    expect(conflictLabel(conflict)).toBe(text);
  });
});

describe('conflictsNotice', () => {
  it.each([
    [0, null],
    [1, '1 cita confirmada necesita «Cabina 2» en ese tiempo: revísala en «Citas en conflicto».'],
    [3, '3 citas confirmadas necesitan «Cabina 2» en ese tiempo: revísalas en «Citas en conflicto».'],
  ] as const)('%i conflicts: %s', (count, text) => {
    expect(conflictsNotice(count, 'Cabina 2')).toBe(text);
  });
});
