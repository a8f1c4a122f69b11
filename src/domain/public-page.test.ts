import { describe, expect, it } from 'vitest';
import { mapLink, openingLines, servicesByCategory } from './public-page';
import { defaultWeeklySchedule } from './weekly-schedule';

describe('servicesByCategory', () => {
  it.each([
    { name: 'no category reads as General, listed last', input: [{ name: 'B', category: '' }, { name: 'A', category: 'Uñas' }], want: [['Uñas', ['A']], ['General', ['B']]] },
    { name: 'blank category is General too', input: [{ name: 'X', category: '  ' }], want: [['General', ['X']]] },
    { name: 'Spanish order of categories and names', input: [{ name: 'Ñ', category: 'Óvalo' }, { name: 'N', category: 'Óvalo' }, { name: 'Z', category: 'Cejas' }], want: [['Cejas', ['Z']], ['Óvalo', ['N', 'Ñ']]] },
    { name: 'nothing', input: [], want: [] },
  ])('$name', ({ input, want }) => {
    expect(servicesByCategory(input).map((g) => [g.name, g.services.map((s) => s.name)])).toEqual(want);
  });
});

describe('openingLines', () => {
  it('not set: nothing is invented', () => expect(openingLines(null)).toBeNull());
  it('a week with a break, a closed day and a missing day', () => {
    const week = defaultWeeklySchedule();
    week.tuesday.breaks = [{ start: '14:00', end: '16:00' }];
    week.friday.endTime = '20:00';
    const { sunday: _gone, ...partial } = week;
    const lines = openingLines(partial)!;
    expect(lines.map((l) => [l.label, l.hours])).toEqual([
      ['Lunes', '09:00–17:00'],
      ['Martes', '09:00–14:00, 16:00–17:00'],
      ['Miércoles', '09:00–17:00'],
      ['Jueves', '09:00–17:00'],
      ['Viernes', '09:00–20:00'],
      ['Sábado', null],
      ['Domingo', null],
    ]);
  });
  it('a break covering the whole day leaves it closed', () => {
    const week = defaultWeeklySchedule();
    week.monday.breaks = [{ start: '09:00', end: '17:00' }];
    expect(openingLines(week)![0]!.hours).toBeNull();
  });
});

describe('mapLink', () => {
  it('puts the address in the query, encoded', () => {
    expect(mapLink('Calle Mayor 3, Tomelloso & Co')).toBe('https://www.openstreetmap.org/search?query=Calle%20Mayor%203%2C%20Tomelloso%20%26%20Co');
  });
});
