import { describe, expect, it } from 'vitest';
import { canClientCancel } from './appointment-status';
import { cancelNote, clientCardBadge, inDisplayOrder, momentWords } from './my-appointments';

const at = (iso: string) => new Date(iso);
const confirmed = (start: string, minutes = 60) => ({
  status: 'confirmed',
  startTime: at(start),
  endTime: new Date(at(start).getTime() + minutes * 60_000),
});

describe('cancelNote: until when she may cancel in the app, on the salon clock (Madrid), DST days included', () => {
  // [what, appointment start (UTC), policy hours, now (UTC), what the card says]
  const table: Array<[string, string, number, string, string]> = [
    [
      'a plain week: the day before, same wall time',
      '2026-11-30T09:00:00Z',
      24,
      '2026-11-27T12:00:00Z',
      'Puedes cancelarla hasta el domingo a las 10:00.',
    ],
    ['tomorrow', '2026-11-29T09:00:00Z', 24, '2026-11-27T12:00:00Z', 'Puedes cancelarla hasta mañana a las 10:00.'],
    ['today', '2026-11-28T16:00:00Z', 2, '2026-11-28T08:00:00Z', 'Puedes cancelarla hasta hoy a las 15:00.'],
    [
      'further than a week: with the date',
      '2026-12-07T09:00:00Z',
      48,
      '2026-11-20T09:00:00Z',
      'Puedes cancelarla hasta el sábado 5 de diciembre a las 10:00.',
    ],
    ['fractional hours', '2026-11-30T09:00:00Z', 1.5, '2026-11-27T12:00:00Z', 'Puedes cancelarla hasta el lunes a las 08:30.'],
    // Spring forward (29 March 2026, 02:00 -> 03:00): 24 real hours before 10:00 CEST Sunday is 09:00 CET Saturday.
    [
      'the window spans the spring change',
      '2026-03-29T08:00:00Z',
      24,
      '2026-03-26T12:00:00Z',
      'Puedes cancelarla hasta el sábado a las 09:00.',
    ],
    [
      'a visit the day after the spring change',
      '2026-03-30T08:00:00Z',
      24,
      '2026-03-27T12:00:00Z',
      'Puedes cancelarla hasta el domingo a las 10:00.',
    ],
    // Fall back (25 October 2026, 03:00 -> 02:00): 24 real hours before 10:00 CET Sunday is 11:00 CEST Saturday.
    ['the window spans the autumn change', '2026-10-25T09:00:00Z', 24, '2026-10-24T08:00:00Z', 'Puedes cancelarla hasta hoy a las 11:00.'],
    [
      'a visit the day after the autumn change',
      '2026-10-26T09:00:00Z',
      24,
      '2026-10-24T10:00:00Z',
      'Puedes cancelarla hasta mañana a las 10:00.',
    ],
    [
      'exactly at the deadline: still hers (the spec refuses only below the policy)',
      '2026-11-30T09:00:00Z',
      24,
      '2026-11-29T09:00:00Z',
      'Puedes cancelarla hasta hoy a las 10:00.',
    ],
    [
      'inside the window: she calls',
      '2026-11-30T09:00:00Z',
      24,
      '2026-11-29T09:00:01Z',
      'Ya no puedes cancelarla en la app. Si no puedes venir, llama al salón:',
    ],
  ];
  it.each(table)('%s', (_what, start, hours, now, says) => {
    const a = confirmed(start);
    const note = cancelNote(a, at(now), hours, true);
    expect(note?.text).toBe(says);
    // The card never promises what the server refuses, nor refuses what it allows.
    expect(note?.kind === 'until').toBe(canClientCancel(a, at(now), hours).ok);
  });

  it('without a phone in the settings it says to tell the salon; nothing for a started, cancelled or done visit', () => {
    expect(cancelNote(confirmed('2026-11-30T09:00:00Z'), at('2026-11-30T08:00:00Z'), 24, false)?.text).toBe(
      'Ya no puedes cancelarla en la app. Si no puedes venir, avisa al salón.',
    );
    expect(cancelNote(confirmed('2026-11-30T09:00:00Z'), at('2026-11-30T09:00:00Z'), 24, true)).toBeNull();
    expect(
      cancelNote({ ...confirmed('2026-12-30T09:00:00Z'), status: 'cancelled_by_client' }, at('2026-11-30T09:00:00Z'), 24, true),
    ).toBeNull();
    expect(cancelNote({ ...confirmed('2026-12-30T09:00:00Z'), status: 'completed' }, at('2026-11-30T09:00:00Z'), 24, true)).toBeNull();
  });

  it('one o’clock reads "a la"', () => {
    expect(momentWords(at('2026-11-28T00:30:00Z'), at('2026-11-27T10:00:00Z'))).toBe('mañana a la 01:30');
  });
});

describe('Mis Citas order and badges', () => {
  const now = at('2026-11-28T12:00:00Z');
  // In the spec's order (newest first), as the query gives them.
  const rows = [
    { id: 'far', ...confirmed('2026-12-20T09:00:00Z') },
    { id: 'cancelled-future', ...confirmed('2026-12-10T09:00:00Z'), status: 'cancelled_by_client' },
    { id: 'next', ...confirmed('2026-12-01T09:00:00Z') },
    { id: 'now', ...confirmed('2026-11-28T11:30:00Z') },
    { id: 'unclosed', ...confirmed('2026-11-27T09:00:00Z') },
    { id: 'done', ...confirmed('2026-11-20T09:00:00Z'), status: 'completed' },
  ];

  it('Próximas soonest first (one under way included), then Anteriores newest first', () => {
    const order = inDisplayOrder(rows, now);
    expect(order.map((a) => [a.id, a.upcoming])).toEqual([
      ['now', true],
      ['next', true],
      ['far', true],
      ['cancelled-future', false],
      ['unclosed', false],
      ['done', false],
    ]);
  });

  it('a past visit never reads "Confirmada": it is "Pendiente de cerrar" in the pending look', () => {
    expect(clientCardBadge(rows[4]!, now)).toEqual({ label: 'Pendiente de cerrar', tone: 'pending' });
    expect(clientCardBadge(rows[2]!, now)).toBeNull();
    expect(clientCardBadge(rows[5]!, now)).toBeNull();
  });
});
