import { Column, isSQLWrapper, Name, Param, Placeholder, SQL, StringChunk, Subquery, Table, View, type SQL as SqlQuery } from 'drizzle-orm';
import { isPgEnum, PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { QueryResultRow } from 'pg';
import type { Db, Tx } from './client';

const dialect = new PgDialect();

/** The text of each named statement, written by drizzle on its first call (one text per name). */
const texts = new Map<string, string>();

/**
 * Runs a drizzle `sql` query as a NAMED prepared statement: PostgreSQL parses and plans it once
 * per connection instead of on every request. For the queries every slot list, booking and API
 * request makes (session read, booking context, booking); `name` must be unique per SQL text.
 *
 * drizzle writes the text once per name; after that only the parameters are collected
 * (`paramsOf`): writing the text of the booking's 40-parameter statement and the context read
 * was 7 % of the app's CPU a booking under load (ADR 110). Outside production every call still
 * asks drizzle too and fails if the two differ, so the tests hold `paramsOf` to drizzle's answer.
 */
export async function runPrepared<T extends QueryResultRow>(db: Db | Tx, name: string, query: SqlQuery): Promise<T[]> {
  let text = texts.get(name);
  let params: unknown[];
  if (text === undefined) {
    const built = dialect.sqlToQuery(query);
    text = built.sql;
    params = built.params;
    texts.set(name, text);
  } else {
    params = paramsOf(query);
    if (process.env.NODE_ENV !== 'production') checkAgainstDrizzle(name, text, query, params);
  }
  const result = await clientOf(db).query<T>({ name, text, values: params });
  return result.rows;
}

/**
 * Where a statement of `db` goes: the pool, or a transaction's own connection. drizzle keeps the
 * latter as its session's client (node-postgres driver, 0.45); without it a statement meant for
 * the transaction would run outside it, so its absence throws.
 */
function clientOf(db: Db | Tx): Pick<pg.PoolClient, 'query'> {
  if ('$client' in db) return db.$client;
  const client = (db._.session as unknown as { client?: pg.PoolClient }).client;
  if (!client || typeof client.query !== 'function') throw new Error("runPrepared: this transaction's connection is not where drizzle kept it");
  return client;
}

function checkAgainstDrizzle(name: string, text: string, query: SqlQuery, params: unknown[]) {
  const built = dialect.sqlToQuery(query);
  if (built.sql !== text) throw new Error(`runPrepared: the statement "${name}" has more than one SQL text`);
  const alike = (a: unknown, b: unknown) => Object.is(a, b) || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
  const same = built.params.length === params.length && built.params.every((p, i) => alike(p, params[i]));
  if (!same) throw new Error(`runPrepared: the parameters of "${name}" differ from drizzle's`);
}

/**
 * The parameters drizzle's PgDialect.sqlToQuery would give, in its order, without writing the
 * text: the same walk as drizzle-orm's SQL.buildQueryFromSourceParams (0.45), each kind of chunk
 * in the same order, with `instanceof` for its `is()`.
 */
export function paramsOf(query: SqlQuery): unknown[] {
  const out: unknown[] = [];
  walk(query.queryChunks, false, out);
  return out;
}

function walk(chunks: readonly unknown[], inline: boolean, out: unknown[]): void {
  for (const chunk of chunks) {
    if (chunk === undefined || chunk instanceof StringChunk || chunk instanceof Name) continue;
    if (Array.isArray(chunk)) {
      walk(chunk, inline, out);
    } else if (chunk instanceof SQL) {
      walk(chunk.queryChunks, inline || (chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams, out);
    } else if (chunk instanceof Table || chunk instanceof Column || chunk instanceof View) {
      continue;
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) {
        out.push(chunk);
        continue;
      }
      const mapped: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (mapped instanceof SQL) walk([mapped], inline, out);
      else if (!inline) out.push(mapped);
    } else if (chunk instanceof Placeholder) {
      out.push(chunk);
    } else if (chunk instanceof SQL.Aliased && chunk.fieldAlias !== undefined) {
      continue;
    } else if (chunk instanceof Subquery) {
      const sub = chunk as unknown as { _: { isWith: boolean; sql: SqlQuery } };
      if (!sub._.isWith) walk([sub._.sql], inline, out);
    } else if (isPgEnum(chunk)) {
      continue;
    } else if (isSQLWrapper(chunk)) {
      walk([chunk.getSQL()], inline, out);
    } else if (!inline) {
      out.push(chunk);
    }
  }
}
