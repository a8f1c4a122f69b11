import { describe, expect, it } from 'vitest';
import { canMark, clientContact, highlights, openingVisit, startsIn } from './agenda-view';

const T = (iso: string) => new Date(iso);
// 2026-06-10 in Madrid is UTC+2: 12:00 local = 10:00Z.
const NOW = Date.parse('2026-06-10T10:00:00Z');
const DAY = '2026-06-10';
const appt = (id: string, startZ: string, minutes: number, status = 'confirmed') => ({
  id,
  status,
  startTime: T(startZ),
  endTime: new Date(T(startZ).getTime() + minutes * 60_000),
});

describe('highlights', () => {
  it('marks what runs now and the first confirmed one still to come', () => {
    const list = [
      appt('done', '2026-06-10T07:00:00Z', 60, 'completed'),
      appt('running', '2026-06-10T09:30:00Z', 60),
      appt('cancelled-next', '2026-06-10T10:30:00Z', 30, 'cancelled_by_client'),
      appt('next', '2026-06-10T11:00:00Z', 45),
      appt('later', '2026-06-10T13:00:00Z', 45),
    ];
    expect([...highlights(list, NOW, DAY)]).toEqual([
      ['running', 'now'],
      ['next', 'next'],
    ]);
  });

  it('does not call a started but unmarked appointment "now" once it has ended', () => {
    const list = [appt('overdue', '2026-06-10T08:00:00Z', 60)];
    expect(highlights(list, NOW, DAY).size).toBe(0);
  });

  it('highlights nothing on another day, even if it has future appointments', () => {
    const list = [appt('tomorrow', '2026-06-11T08:00:00Z', 60)];
    expect(highlights(list, NOW, '2026-06-11').size).toBe(0);
  });

  it('uses the Madrid day: 00:30 local on the 11th is already "another day" at 23:30 UTC on the 10th', () => {
    const lateNow = Date.parse('2026-06-10T22:30:00Z'); // 00:30 on the 11th in Madrid
    const list = [appt('early', '2026-06-11T06:00:00Z', 60)];
    expect([...highlights(list, lateNow, '2026-06-11')]).toEqual([['early', 'next']]);
    expect(highlights(list, lateNow, '2026-06-10').size).toBe(0);
  });
});

describe('canMark', () => {
  it('only confirmed appointments that have started', () => {
    expect(canMark(appt('a', '2026-06-10T10:00:00Z', 30), NOW)).toBe(true);
    expect(canMark(appt('b', '2026-06-10T10:00:01Z', 30), NOW)).toBe(false);
    expect(canMark(appt('c', '2026-06-10T08:00:00Z', 30, 'completed'), NOW)).toBe(false);
    expect(canMark(appt('d', '2026-06-10T08:00:00Z', 30, 'cancelled_by_salon'), NOW)).toBe(false);
  });
});

describe('startsIn', () => {
  it('rounds up to the minute and reads naturally', () => {
    expect(startsIn(NOW + 30_000, NOW)).toBe('en 1 min');
    expect(startsIn(NOW + 25 * 60_000, NOW)).toBe('en 25 min');
    expect(startsIn(NOW + 60 * 60_000, NOW)).toBe('en 1 h');
    expect(startsIn(NOW + 130 * 60_000, NOW)).toBe('en 2 h 10 min');
  });
});

describe('clientContact', () => {
  it.each([
    [
      'an account (email) whose record has a phone',
      'marta@example.com',
      '+34699111222',
      [
        { kind: 'email', href: 'mailto:marta@example.com', text: 'marta@example.com' },
        { kind: 'phone', href: 'tel:+34699111222', text: '699 11 12 22' },
      ],
    ],
    ['a record with a phone only: no mailto:', null, '+34612345678', [{ kind: 'phone', href: 'tel:+34612345678', text: '612 34 56 78' }]],
    [
      'a record with an email only',
      'ines@example.com',
      null,
      [{ kind: 'email', href: 'mailto:ines@example.com', text: 'ines@example.com' }],
    ],
    ['a deleted account: nothing', null, null, []],
    ['a foreign number keeps its prefix', null, '+442079460958', [{ kind: 'phone', href: 'tel:+442079460958', text: '+44 20 7946 0958' }]],
  ] as const)('%s', (_name, clientEmail, clientPhone, links) => {
    expect(clientContact({ clientEmail, clientPhone })).toEqual(links);
  });
});

describe('openingVisit', () => {
  const day = [
    appt('done-1', '2026-06-10T06:00:00Z', 60, 'completed'),
    appt('done-2', '2026-06-10T07:00:00Z', 60, 'completed'),
    appt('running', '2026-06-10T09:30:00Z', 60),
    appt('next', '2026-06-10T11:00:00Z', 45),
  ];

  it('opens at the visit in progress before the next one', () => {
    expect(openingVisit(day, highlights(day, NOW, DAY))).toBe('running');
  });

  it('opens at the next visit when none is in progress', () => {
    const list = day.filter((a) => a.id !== 'running');
    expect(openingVisit(list, highlights(list, NOW, DAY))).toBe('next');
  });

  it('stays at the top on a day that is over or on another day', () => {
    const over = day.slice(0, 2);
    expect(openingVisit(over, highlights(over, NOW, DAY))).toBeUndefined();
    expect(openingVisit(day, highlights(day, NOW, '2026-06-11'))).toBeUndefined();
  });
});
