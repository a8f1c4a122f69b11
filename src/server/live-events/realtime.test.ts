import { describe, expect, it } from 'vitest';
import { coalesce, type RealtimeEvent } from './realtime';

const ev = (employeeId: string, ...dates: string[]): RealtimeEvent => ({ type: 'appointments', employeeId, dates });

describe('coalesce: what one NOTIFY statement announces for a batch of committed changes', () => {
  const cases: Array<{ name: string; batch: RealtimeEvent[]; expected: RealtimeEvent[] }> = [
    { name: 'nothing queued', batch: [], expected: [] },
    { name: 'one change', batch: [ev('u1', '2026-11-23')], expected: [ev('u1', '2026-11-23')] },
    {
      name: 'one employee, several changes: one event with each date once, in order',
      batch: [ev('u1', '2026-11-24'), ev('u1', '2026-11-23'), ev('u1', '2026-11-24')],
      expected: [ev('u1', '2026-11-23', '2026-11-24')],
    },
    {
      name: 'several employees: one event each, in the order they first changed',
      batch: [ev('u2', '2026-11-23'), ev('u1', '2026-11-23'), ev('u2', '2026-11-25', '2026-11-26')],
      expected: [ev('u2', '2026-11-23', '2026-11-25', '2026-11-26'), ev('u1', '2026-11-23')],
    },
    { name: 'a change without dates still names the employee', batch: [ev('u1')], expected: [ev('u1')] },
  ];
  it.each(cases)('$name', ({ batch, expected }) => {
    expect(coalesce(batch)).toEqual(expected);
  });

  it('splits an employee with very many dates so every payload stays under PostgreSQL\'s 8000 bytes', () => {
    const dates = Array.from({ length: 450 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    const out = coalesce([ev('u1', ...dates)]);
    expect(out.map((e) => e.dates.length)).toEqual([200, 200, 50]);
    expect(out.flatMap((e) => e.dates)).toEqual(dates);
    for (const e of out) expect(Buffer.byteLength(JSON.stringify(e))).toBeLessThan(8000);
  });
});
