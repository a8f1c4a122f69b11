import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResultRow } from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Runs a drizzle `sql` query as a NAMED prepared statement: PostgreSQL parses and plans it once
 * per connection instead of on every request. For the queries every slot list, booking and API
 * request makes (session read, booking context, booking); `name` must be unique per SQL text.
 */
export async function runPrepared<T extends QueryResultRow>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { sql, params } = dialect.sqlToQuery(query);
  const result = await db.$client.query<T>({ name, text: sql, values: params as unknown[] });
  return result.rows;
}
