import { describe, expect, it } from 'vitest';
import { backupFileName, backupWarning, nightlyBackupDue, nightlyBackupsToDelete, parseBackupFileName } from './backups';

const TZ = 'Europe/Madrid';
const nightly = (date: string, time = '033000') => `auna-${date}-${time}-nightly.age`;

describe('backup file names', () => {
  it.each([
    ['2026-03-02T02:30:12Z', 'nightly', 'auna-2026-03-02-033012-nightly.age'], // winter: UTC+1
    ['2026-07-01T01:30:00Z', 'nightly', 'auna-2026-07-01-033000-nightly.age'], // summer: UTC+2
    ['2026-12-31T23:15:05Z', 'manual', 'auna-2027-01-01-001505-manual.age'], // the salon's day, not UTC's
  ] as const)('%s (%s) is %s, and reads back', (at, trigger, name) => {
    expect(backupFileName(new Date(at), TZ, trigger)).toBe(name);
    expect(parseBackupFileName(name)).toMatchObject({ trigger });
  });

  it.each([
    'auna-2026-02-30-033000-nightly.age',
    'auna-2026-03-02-253000-nightly.age',
    'auna-2026-03-02-033000-nightly.age.partial',
    'notes.txt',
    'auna-2026-03-02-033000-daily.age',
  ])('%s is not ours', (name) => expect(parseBackupFileName(name)).toBeNull());
});

describe('which nightly copies are kept: 7 daily, 4 weekly', () => {
  it('keeps the last 7 days and the newest of each of the last 4 weeks (Monday to Sunday)', () => {
    // Sixty days of nightly copies, 2026-01-01 (Thursday) to 2026-03-01 (Sunday).
    const names = Array.from({ length: 60 }, (_, i) => nightly(new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10)));
    const deleted = new Set(nightlyBackupsToDelete(names));
    const kept = names.filter((n) => !deleted.has(n)).map((n) => parseBackupFileName(n)!.date);
    // Days 02-23 .. 03-01 (7), and the Sundays closing the weeks before: 02-22, 02-15, 02-08 (03-01's week is counted already).
    expect(kept.sort()).toEqual([
      '2026-02-08',
      '2026-02-15',
      '2026-02-22',
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });

  it('keeps the newest of a day with several, and never deletes manual copies or files not ours', () => {
    const names = [
      nightly('2026-03-02', '033000'),
      nightly('2026-03-02', '043000'),
      'auna-2020-01-01-120000-manual.age',
      'mine.tar',
      nightly('2026-03-01'),
    ];
    expect(nightlyBackupsToDelete(names)).toEqual([nightly('2026-03-02', '033000')]);
  });

  it('keeps everything while there are fewer than the counts', () => {
    expect(nightlyBackupsToDelete([nightly('2026-03-01'), nightly('2026-02-01')])).toEqual([]);
  });
});

describe('when the nightly backup is due (schedule 03:30, the salon clock)', () => {
  const schedule = { minutes: 3 * 60 + 30 };
  it.each([
    ['2026-03-02T02:30:00Z', null, true, 'at 03:30 in winter, never done'],
    ['2026-03-02T01:30:00Z', null, false, '02:30: too early'],
    ['2026-03-02T02:30:00Z', '2026-03-02T02:31:00Z', false, 'already done today'],
    ['2026-03-02T09:30:00Z', '2026-03-01T02:31:00Z', true, 'the server was down at 03:30: made up at the next tick'],
    ['2026-07-01T01:30:00Z', '2026-06-30T01:31:00Z', true, 'at 03:30 in summer (UTC+2)'],
    ['2026-03-29T01:30:00Z', '2026-03-28T02:30:00Z', true, 'the spring DST day: 03:30 is 01:30 UTC'],
    ['2026-03-01T23:30:00Z', '2026-03-01T02:30:00Z', false, '00:30 of the next day: not yet'],
  ] as const)('%s, last %s: %s (%s)', (now, last, due, _why) => {
    expect(nightlyBackupDue({ now: new Date(now), tz: TZ, schedule, lastGoodNightlyAt: last ? new Date(last) : null })).toBe(due);
  });

  it('never when the schedule is off', () => {
    expect(nightlyBackupDue({ now: new Date('2026-03-02T12:00:00Z'), tz: TZ, schedule: 'off', lastGoodNightlyAt: null })).toBe(false);
  });
});

describe('the warning the admin sees', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it.each([
    ['failed', { lastStatus: 'failed', lastGoodAt: hoursAgo(30) }, 'failed'],
    ['copy failed', { lastStatus: 'copy_failed', lastGoodAt: hoursAgo(2) }, 'copy_failed'],
    ['good 9 h ago', { lastStatus: 'ok', lastGoodAt: hoursAgo(9) }, null],
    ['good 27 h ago', { lastStatus: 'ok', lastGoodAt: hoursAgo(27) }, 'missing'],
    ['never, installed an hour ago', { lastStatus: null, lastGoodAt: null, installedAt: hoursAgo(1) }, null],
    ['never, installed 3 days ago', { lastStatus: null, lastGoodAt: null, installedAt: hoursAgo(72) }, 'missing'],
    ['good 27 h ago, schedule off', { lastStatus: 'ok', lastGoodAt: hoursAgo(27), scheduleOn: false }, null],
    ['failed, schedule off', { lastStatus: 'failed', lastGoodAt: null, scheduleOn: false }, 'failed'],
  ] as const)('%s', (_, given, warning) => {
    expect(backupWarning({ now, scheduleOn: true, installedAt: hoursAgo(1000), ...given })).toBe(warning);
  });
});
