import { describe, expect, it } from 'vitest';
import type { Exceptions } from './availability';
import { attendanceTables, displayCell, occupancyTables, revenueTables, tableCsv } from './report-tables';
import { addToHeatGrid, availableIntervals, availableMinutes, bucketKeys, cabinWeek, bucketLabel, bucketOf, emptyHeatGrid, occupancyPercent, occupancyRate, percentOf, rate, realMinutes, resolvePeriod, type ReportPeriodKind } from './reports';
import { REPORTS_MSG } from './texts/reports';
import type { DaySchedule, WeeklySchedule } from './weekly-schedule';

const TZ = 'Europe/Madrid';
const NONE: Exceptions = { salon: [], timeOff: [] };
const day = (startTime: string, endTime: string, breaks: DaySchedule['breaks'] = []): DaySchedule => ({ isWorkingDay: true, startTime, endTime, breaks });

describe('resolvePeriod', () => {
  it.each<[ReportPeriodKind, string, object, unknown]>([
    ['month', '2026-03-15', {}, { from: '2026-03-01', to: '2026-03-31' }],
    ['month', '2028-02-10', {}, { from: '2028-02-01', to: '2028-02-29' }],
    ['last_month', '2026-01-05', {}, { from: '2025-12-01', to: '2025-12-31' }],
    ['last_month', '2026-03-31', {}, { from: '2026-02-01', to: '2026-02-28' }],
    ['quarter', '2026-10-25', {}, { from: '2026-10-01', to: '2026-12-31' }],
    ['quarter', '2026-03-29', {}, { from: '2026-01-01', to: '2026-03-31' }],
    ['year', '2026-06-01', {}, { from: '2026-01-01', to: '2026-12-31' }],
    ['custom', '2026-06-01', { from: '2025-06-02', to: '2026-06-01' }, { from: '2025-06-02', to: '2026-06-01' }],
    ['custom', '2026-06-01', { from: '2025-05-31', to: '2026-06-01' }, { error: REPORTS_MSG.rangeTooLong }],
    ['custom', '2026-06-01', { from: '2026-06-02', to: '2026-06-01' }, { error: REPORTS_MSG.fromAfterTo }],
    ['custom', '2026-06-01', { from: '2026-02-30', to: '2026-06-01' }, { error: REPORTS_MSG.dateInvalid }],
    ['custom', '2026-06-01', { from: '2026-06-01' }, { error: REPORTS_MSG.customDatesRequired }],
  ])('%s seen from %s %j', (kind, today, custom, expected) => {
    expect(resolvePeriod(kind, today, custom)).toEqual(expected);
  });
});

describe('buckets', () => {
  it.each([
    [{ from: '2026-03-01', to: '2026-03-31' }, 'day', 31, '01/03'],
    [{ from: '2026-01-01', to: '2026-03-31' }, 'month', 3, 'ene 2026'],
    [{ from: '2025-11-15', to: '2026-02-14' }, 'month', 4, 'nov 2025'],
  ] as const)('%j is by %s, %i of them, the first %s', (p, kind, n, first) => {
    expect(bucketOf(p)).toBe(kind);
    const keys = bucketKeys(p);
    expect(keys).toHaveLength(n);
    expect(bucketLabel(keys[0]!)).toBe(first);
  });
});

describe('rate', () => {
  it.each([
    [1, 4, 0.25],
    [0, 4, 0],
    [3, 0, null],
  ])('%i of %i is %s', (p, w, r) => expect(rate(p, w)).toBe(r));
  it.each([
    [1, 8, 12.5],
    [2, 3, 66.7],
    [0, 4, 0],
    [3, 0, null],
  ])('%i of %i is %s %', (p, w, r) => expect(percentOf(p, w)).toBe(r));
});

describe('available time', () => {
  const closed: Exceptions = { salon: [{ kind: 'closed', startDate: '2026-03-19', endDate: '2026-03-19', reason: 'San José' }], timeOff: [] };
  const special: Exceptions = { salon: [{ kind: 'special_hours', startDate: '2026-12-24', endDate: '2026-12-24', startTime: '10:00', endTime: '14:00', reason: 'Nochebuena' }], timeOff: [] };
  const partDay: Exceptions = { salon: [], timeOff: [{ startDate: '2026-10-20', endDate: '2026-10-22', startTime: '16:00', endTime: '18:00', reason: 'Médico' }] };
  const wholeDay: Exceptions = { salon: [], timeOff: [{ startDate: '2026-10-20', endDate: '2026-10-20', startTime: null, endTime: null, reason: 'Vacaciones' }] };
  it.each<[string, string, DaySchedule, Exceptions, number]>([
    ['a plain day minus its lunch break', '2026-03-18', day('09:00', '17:00', [{ start: '14:00', end: '15:00' }]), NONE, 7 * 60],
    ['a salon closure', '2026-03-19', day('09:00', '17:00'), closed, 0],
    ['special hours cut the day', '2026-12-24', day('09:00', '17:00', [{ start: '14:00', end: '15:00' }]), special, 4 * 60],
    ['a part-day time off', '2026-10-21', day('09:00', '20:00', [{ start: '14:00', end: '15:00' }]), partDay, 8 * 60],
    ['a whole-day time off', '2026-10-20', day('09:00', '20:00'), wholeDay, 0],
    ['01:00-04:00 on the spring-forward day lasts 2 h', '2026-03-29', day('01:00', '04:00'), NONE, 120],
    ['01:00-04:00 on the fall-back day lasts 4 h', '2026-10-25', day('01:00', '04:00'), NONE, 240],
    ['09:00-17:00 on the spring-forward day is still 8 h', '2026-03-29', day('09:00', '17:00'), NONE, 480],
    ['a day off', '2026-03-18', { ...day('09:00', '17:00'), isWorkingDay: false }, NONE, 0],
  ])('%s', (_what, date, weekly, ex, minutes) => {
    expect(realMinutes(date, availableIntervals(date, weekly, ex, TZ), TZ)).toBe(minutes);
  });

  it('over March 2026 (DST): 22 weekdays of 8 h, one of them closed, and Sunday 29th is off', () => {
    const weekly = (d: string) => ([0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()) ? { ...day('09:00', '17:00'), isWorkingDay: false } : day('09:00', '17:00'));
    const closure: Exceptions = { salon: [{ kind: 'closed', startDate: '2026-03-19', endDate: '2026-03-19', reason: 'San José' }], timeOff: [] };
    expect(availableMinutes({ from: '2026-03-01', to: '2026-03-31' }, weekly, closure, TZ)).toBe(21 * 8 * 60);
  });

  it('with a grid, every day adds its wall-clock hours go into its weekday (Wednesdays 18 and 25 March, lunch off)', () => {
    const grid = emptyHeatGrid();
    const weekly = () => day('09:00', '17:00', [{ start: '14:00', end: '15:00' }]);
    expect(availableMinutes({ from: '2026-03-18', to: '2026-03-18' }, weekly, NONE, TZ, grid)).toBe(7 * 60);
    availableMinutes({ from: '2026-03-25', to: '2026-03-25' }, weekly, NONE, TZ, grid);
    expect(grid[2]!.slice(8, 18)).toEqual([0, 120, 120, 120, 120, 120, 0, 120, 120, 0]);
    expect(grid.filter((_, d) => d !== 2).flat().every((m) => m === 0)).toBe(true);
  });

  it.each<[string, Partial<WeeklySchedule>, Array<Partial<WeeklySchedule>>, Partial<WeeklySchedule>]>([
    ['the salon\'s opening hours when it set them', { monday: day('10:00', '18:00') }, [{ monday: day('09:00', '20:00') }], { monday: day('10:00', '18:00') }],
    [
      'otherwise the team\'s first start to last end, without breaks',
      { monday: { ...day('10:00', '18:00'), isWorkingDay: false } },
      [{ monday: day('09:00', '14:00', [{ start: '11:00', end: '11:30' }]), tuesday: day('10:00', '15:00') }, { monday: day('12:00', '20:00') }],
      { monday: day('09:00', '20:00'), tuesday: day('10:00', '15:00') },
    ],
    ['every day closed (what the form saved before the hours counted) is "not set" (ADR 060)', { monday: { ...day('10:00', '18:00'), isWorkingDay: false }, saturday: { ...day('10:00', '14:00'), isWorkingDay: false } }, [{ monday: day('09:00', '20:00') }], { monday: day('09:00', '20:00') }],
    ['a day nobody works (or with a bad time) is not open', {}, [{ monday: { ...day('09:00', '14:00'), isWorkingDay: false }, tuesday: day('9h', '14:00') }], {}],
  ])('a cabin\'s week: %s', (_what, opening, team, week) => {
    expect(cabinWeek(opening, team)).toEqual(week);
  });

  it('the heat grid takes each hour its minutes (Wednesday 09:30-11:15)', () => {
    const grid = emptyHeatGrid();
    addToHeatGrid(grid, '2026-03-18', [{ start: 570, end: 675 }]);
    expect(grid[2]!.slice(9, 12)).toEqual([30, 60, 15]);
    expect(grid[2]!.reduce((a, b) => a + b, 0)).toBe(105);
  });
});

describe('tables and their CSV', () => {
  it('the CSV has the same figures as the table, in Excel-in-Spanish form', () => {
    const t = revenueTables({
      bucket: 'month',
      byBucket: [{ key: '2026-03', completed: 3, revenue: 1234.5, taken: 100.1 }],
      byProfessional: [{ name: '=Ana', completed: 3, revenue: 1234.5 }],
      byMethod: [{ method: 'tarjeta', count: 2, amount: 100.1 }],
      sales: [],
    });
    expect(t['ingresos-periodo'].rows).toEqual([['mar 2026', 3, 1234.5, 100.1]]);
    expect(tableCsv(t['ingresos-periodo'])).toBe('\uFEFFMes;Citas completadas;Ingresos por citas (€);Cobrado (€)\r\nmar 2026;3;1234,50;100,10\r\n');
    expect(tableCsv(t['ingresos-profesional'])).toContain("'=Ana;3;1234,50");
    expect(displayCell('euros', 1234.5)).toBe('1234,50\u00a0€');
  });

  it('rates show with one decimal, and nothing to divide by shows as a dash (empty in the CSV)', () => {
    const t = attendanceTables({ bucket: 'day', byBucket: [{ key: '2026-10-25', total: 8, completed: 5, noShow: 1, cancelledByClient: 2, cancelledBySalon: 0 }, { key: '2026-10-26', total: 0, completed: 0, noShow: 0, cancelledByClient: 0, cancelledBySalon: 0 }], byReminder: [] }).asistencia;
    expect(t.rows[0]!.slice(5).map((v, i) => displayCell(t.columns[5 + i]!.kind, v))).toEqual(['12,5 %', '25 %', '0 %']);
    expect(displayCell('percent', t.rows[1]![5]!)).toBe('—');
    expect(tableCsv(t).split('\r\n')[2]).toBe('26/10;0;0;0;0;;;');
    expect(tableCsv(t).split('\r\n')[0]).toContain('no asistió (%)');
  });

  it('no-shows and her own confirmations by the reminder\'s channel', () => {
    const t = attendanceTables({
      bucket: 'month',
      byBucket: [],
      byReminder: [
        { channel: 'whatsapp', visits: 20, noShow: 1, confirmed: 15 },
        { channel: 'whatsapp_link', visits: 4, noShow: 0, confirmed: 2 },
        { channel: 'none', visits: 8, noShow: 2, confirmed: 0 },
      ],
    }).recordatorios;
    expect(t.rows.map((r) => r.map((v, i) => displayCell(t.columns[i]!.kind, v)))).toEqual([
      ['WhatsApp', '20', '1', '5 %', '15', '75 %'],
      ['WhatsApp del salón', '4', '0', '0 %', '2', '50 %'],
      ['Sin recordatorio', '8', '2', '25 %', '0', '0 %'],
    ]);
  });

  it('occupancy in hours, and the heat map keeps only the hours with time', () => {
    const available = emptyHeatGrid();
    const booked = emptyHeatGrid();
    available[0]![10] = 60;
    booked[0]![10] = 45;
    const t = occupancyTables({ byProfessional: [{ name: 'Ana', available: 450, booked: 90 }], byResource: [], heatmap: { available, booked } });
    expect(t['ocupacion-profesional'].rows).toEqual([['Ana', 450, 90, 0.2]]);
    expect(displayCell('hours', 450)).toBe('7,5 h');
    expect(t['ocupacion-horas'].rows).toEqual([['10:00', 0.75, null, null, null, null, null, null]]);
  });

  it.each<[string, number, number, number | null, number | null]>([
    ['under', 90, 450, 0.2, 20],
    ['exactly full', 450, 450, 1, 100],
    ['a squeeze or a buffer past closing fills, never overfills (a cabin showed 101 %)', 460, 450, 1, 100],
    ['nothing available: no figure', 30, 0, null, null],
  ])('occupancy never passes 100 %% (ADR 060): %s', (_what, booked, available, r, pct) => {
    expect(occupancyRate(booked, available)).toBe(r);
    expect(occupancyPercent(booked, available)).toBe(pct);
  });

  it('an over-full heat-map cell and row read 100 %', () => {
    const available = emptyHeatGrid();
    const booked = emptyHeatGrid();
    available[5]![13] = 30;
    booked[5]![13] = 45;
    const t = occupancyTables({ byProfessional: [], byResource: [{ name: 'Cabina 1', available: 600, booked: 660 }], heatmap: { available, booked } });
    expect(t['ocupacion-cabinas'].rows).toEqual([['Cabina 1', 600, 660, 1]]);
    expect(t['ocupacion-horas'].rows).toEqual([['13:00', null, null, null, null, null, 1, null]]);
    expect(displayCell('percent', 1)).toBe('100 %');
  });
});
