import { statfs } from 'node:fs/promises';
import type { Logger } from '../logger';

export type DiskStatus = { freeBytes: number; totalBytes: number; level: 'ok' | 'low' | 'full' };
export type DiskThresholds = { warnFreeBytes: number; minFreeBytes: number };

/**
 * Room left on the disk that holds DATA_DIR (the embedded database, the outbox): `low` below the
 * warning threshold (the admin's screens and the log say so), `full` below the minimum
 * (/api/health/ready answers 503: PostgreSQL is about to refuse writes).
 */
export async function diskStatus(dir: string, t: DiskThresholds): Promise<DiskStatus> {
  const s = await statfs(dir);
  const freeBytes = Number(s.bavail) * Number(s.bsize);
  const totalBytes = Number(s.blocks) * Number(s.bsize);
  const level = freeBytes < t.minFreeBytes ? 'full' : freeBytes < t.warnFreeBytes ? 'low' : 'ok';
  return { freeBytes, totalBytes, level };
}

const MB = 1024 * 1024;

/** Looks at the disk now and every 15 minutes, and logs a warning each time it is short. */
export function watchDisk(dir: string, t: DiskThresholds, log: Logger, everyMs = 15 * 60_000): () => void {
  const look = async () => {
    const s = await diskStatus(dir, t).catch(() => undefined);
    if (s && s.level !== 'ok') {
      log.warn({ dir, freeMb: Math.floor(s.freeBytes / MB), warnBelowMb: Math.floor(t.warnFreeBytes / MB) }, 'low disk space');
    }
  };
  void look();
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
