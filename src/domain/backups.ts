import { addDays, isoDayOfWeek, isValidIsoDate, salonDateOf, salonMinuteOf, type InstantLike } from './calendar-date';

// The rules of the backups (ADR 048): what a file is called, when the nightly one is due, which
// nightly files are kept, and when the admin is warned. Pure: the caller gives the clock and the zone.

export type BackupTrigger = 'nightly' | 'manual';

/** How many nightly copies are kept: the newest of each of the last 7 days and of the last 4 weeks. */
export const BACKUP_KEEP = { daily: 7, weekly: 4 } as const;

/**
 * Past this without a good backup the admin is warned: a day and the two hours a late nightly run
 * (a busy machine, a retry on the next hour) may take.
 */
export const BACKUP_MISSING_AFTER_MS = 26 * 60 * 60 * 1000;

const NAME = /^auna-(\d{4}-\d{2}-\d{2})-(\d{2})(\d{2})(\d{2})-(nightly|manual)\.age$/;

/** `auna-2026-03-02-033000-nightly.age`: the salon's wall-clock time, sortable, and what made it. */
export function backupFileName(at: InstantLike, tz: string, trigger: BackupTrigger): string {
  const minutes = salonMinuteOf(at, tz);
  const seconds = Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000) % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `auna-${salonDateOf(at, tz)}-${two(Math.floor(minutes / 60))}${two(minutes % 60)}${two(seconds)}-${trigger}.age`;
}

export type BackupName = { name: string; date: string; time: string; trigger: BackupTrigger };

/** A file name of ours, read back; anything else in the folder is never ours to delete. */
export function parseBackupFileName(name: string): BackupName | null {
  const m = NAME.exec(name);
  if (!m || !isValidIsoDate(m[1]!) || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4]) > 59) return null;
  return { name, date: m[1]!, time: `${m[2]}${m[3]}${m[4]}`, trigger: m[5] as BackupTrigger };
}

/**
 * The nightly files to delete: every one that is not the newest of one of the last `daily` days
 * that have a nightly file, nor the newest of one of the last `weekly` weeks (Monday to Sunday)
 * that have one. The two counts overlap, as restic's --keep-daily and --keep-weekly do. Manual
 * copies (`npm run backup`) and files that are not ours are never deleted.
 */
export function nightlyBackupsToDelete(names: readonly string[], keep: { daily: number; weekly: number } = BACKUP_KEEP): string[] {
  const nightly = names
    .map(parseBackupFileName)
    .filter((b): b is BackupName => b?.trigger === 'nightly')
    .sort((a, b) => (a.date + a.time < b.date + b.time ? 1 : -1));
  const kept = new Set<string>();
  const keepNewestOf = (periodOf: (b: BackupName) => string, count: number) => {
    const seen = new Set<string>();
    for (const b of nightly) {
      const period = periodOf(b);
      if (seen.has(period)) continue;
      if (seen.size === count) break;
      seen.add(period);
      kept.add(b.name);
    }
  };
  keepNewestOf((b) => b.date, keep.daily);
  keepNewestOf((b) => addDays(b.date, 1 - isoDayOfWeek(b.date)), keep.weekly);
  return nightly.filter((b) => !kept.has(b.name)).map((b) => b.name);
}

/** `HH:mm` (the salon's wall clock) as minutes since midnight. */
export type BackupSchedule = { minutes: number } | 'off';

/**
 * Whether the nightly backup should run at this tick (the server looks every hour at the
 * schedule's minute): the salon's clock is past the time and today has no good nightly backup
 * yet. So a server that was down at 03:30, or a run that failed, is made up for at the next tick,
 * and a day whose 02:30 does not exist (the spring DST change) still gets its backup.
 */
export function nightlyBackupDue(opts: {
  now: InstantLike;
  tz: string;
  schedule: BackupSchedule;
  lastGoodNightlyAt: Date | null;
}): boolean {
  if (opts.schedule === 'off') return false;
  const today = salonDateOf(opts.now, opts.tz);
  if (salonMinuteOf(opts.now, opts.tz) < opts.schedule.minutes) return false;
  return !opts.lastGoodNightlyAt || salonDateOf(opts.lastGoodNightlyAt, opts.tz) !== today;
}

export type BackupWarning = 'failed' | 'copy_failed' | 'missing' | null;

/**
 * What the admin is warned of: the last run failed (or its copy off the machine did), or no good
 * backup for longer than BACKUP_MISSING_AFTER_MS while the nightly schedule is on (counted from the
 * installation's first start when there was never one).
 */
export function backupWarning(opts: {
  now: Date;
  scheduleOn: boolean;
  lastStatus: 'ok' | 'failed' | 'copy_failed' | null;
  lastGoodAt: Date | null;
  installedAt: Date | null;
}): BackupWarning {
  if (opts.lastStatus === 'failed' || opts.lastStatus === 'copy_failed') return opts.lastStatus;
  if (!opts.scheduleOn) return null;
  const since = opts.lastGoodAt ?? opts.installedAt;
  return since && opts.now.getTime() - since.getTime() > BACKUP_MISSING_AFTER_MS ? 'missing' : null;
}
