/**
 * The embedded PostgreSQL's buffer cache (ADR 110). PostgreSQL's default, 128 MB, was sized for
 * a small shared machine: at 1,000,000 appointments the tables and indexes a booking touches are
 * about 800 MB, so every booking read a dozen pages from the operating system and wrote as many
 * dirty ones out to make room (`read=12 written=12` in its EXPLAIN). An eighth of the machine's
 * memory leaves the rest to the app, the operating system's cache and the nightly backup;
 * PostgreSQL's own guidance for a dedicated server is a quarter. Never below the default, never
 * above 1 GB (a salon's busiest years fit in it). The memory is taken as pages are used, not at start.
 */
import { totalmem } from 'node:os';

const MB = 1024 * 1024;
const MIN_SHARED_BUFFERS_MB = 128;
const MAX_SHARED_BUFFERS_MB = 1024;

/**
 * The memory this process may use: the machine's, or less in a container whose limit (cgroup) is
 * lower; Node answers 0 or a huge number when there is no limit.
 */
export function availableMemory(total: number, constrained: number | undefined): number {
  return constrained && constrained > 0 ? Math.min(total, constrained) : total;
}

export function sharedBuffersMb(totalMemoryBytes: number): number {
  const eighth = Math.floor(totalMemoryBytes / MB / 8);
  return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, eighth));
}

/** What startEmbeddedPostgres gives PostgreSQL on this machine (or in this container). */
export const embeddedSharedBuffersMb = () => sharedBuffersMb(availableMemory(totalmem(), process.constrainedMemory?.()));
