import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

// The backup file's plain content (ADR 048), before gzip and age: a first line `AUNA-BACKUP 1`, a
// JSON header, then each table's rows in PostgreSQL's COPY text format, each table closed by the
// COPY terminator `\.` (a row never is that line: COPY writes a backslash as `\\`), and a JSON
// trailer with the row counts, so that a file cut short is told from a whole one.

export const MAGIC = 'AUNA-BACKUP 1';

export type TableRef = { schema: string; name: string; columns: string[] };
export type SequenceValue = { schema: string; name: string; lastValue: string | null };

export type BackupHeader = {
  createdAt: string;
  appVersion: string;
  /** PostgreSQL's server_version where it was made */
  postgres: string;
  /** drizzle's applied migrations, oldest first: the schema the rows fit */
  migrations: { hash: string; createdAt: number }[];
  /** graphile-worker's last migration (its queue tables' shape) */
  queueMigration: number | null;
  /** What the data needs to be used: the auth secret (sessions, gift card codes, mailed links) and the rest of secrets.json */
  secrets: { authSecret: string; dbPassword?: string; backupPassphrase?: string };
  tables: TableRef[];
  sequences: SequenceValue[];
};

export type BackupTrailer = { end: true; rows: number[] };

export const TERMINATOR = '\\.';

export const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
export const qualifiedName = (t: { schema: string; name: string }) => `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
export const columnList = (t: TableRef) => t.columns.map(quoteIdent).join(', ');

/** Writes with backpressure; `failed` rejects when the pipe behind `out` broke (disk full). */
export async function writeTo(out: Writable, chunk: Buffer | string, failed: Promise<unknown>): Promise<void> {
  if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
}

/** The file's lines, one at a time, as bytes (a row of COPY text never holds a raw newline). */
export class LineReader {
  private readonly source: AsyncIterator<Buffer>;
  private parts: Buffer[] = [];
  private pending: Buffer[] = [];
  private done = false;

  constructor(stream: Readable) {
    this.source = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  /** The next line without its newline; null at the end (a last line without a newline included). */
  async next(): Promise<Buffer | null> {
    while (this.pending.length === 0) {
      if (this.done) {
        if (this.parts.length === 0) return null;
        const last = Buffer.concat(this.parts);
        this.parts = [];
        return last;
      }
      const { value, done } = await this.source.next();
      if (done) {
        this.done = true;
        continue;
      }
      this.split(value);
    }
    return this.pending.shift()!;
  }

  private split(chunk: Buffer) {
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, i);
      this.pending.push(this.parts.length > 0 ? Buffer.concat([...this.parts, piece]) : piece);
      this.parts = [];
      start = i + 1;
    }
    if (start < chunk.length) this.parts.push(chunk.subarray(start));
  }

  async json<T>(what: string): Promise<T> {
    const line = await this.next();
    if (line === null) throw new BackupFileError(`la copia está incompleta (falta ${what})`);
    try {
      return JSON.parse(line.toString('utf8')) as T;
    } catch {
      throw new BackupFileError(`la copia está dañada (${what} no se puede leer)`);
    }
  }
}

/** The file is not a whole backup of ours: said in Spanish to the person restoring. */
export class BackupFileError extends Error {}
