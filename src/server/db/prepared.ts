import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResultRow } from 'pg';
import { pgErrorCode, type Db } from './client';

const dialect = new PgDialect();

/**
 * Runs a drizzle `sql` query as a NAMED prepared statement: PostgreSQL parses and plans it once
 * per connection instead of on every request. For the queries every slot list, booking and API
 * request makes (session read, booking context, booking); `name` must be unique per SQL text.
 */
export async function runPrepared<T extends QueryResultRow>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { sql, params } = dialect.sqlToQuery(query);
  // Checked out by hand, not pool.query(): that one closes the connection after ANY error, and
  // a booking that loses its race (23P01, answered 409) is an ordinary answer here. Each cost a
  // new connection (TCP, SCRAM authentication, every statement prepared again) under load.
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    const result = await client.query<T>({ name, text: sql, values: params as unknown[] });
    return result.rows;
  } catch (err) {
    if (!connectionIsFine(err)) broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * PostgreSQL answered with an error about the statement (a SQLSTATE), and the connection carries
 * on. Not for connection exceptions (class 08) or an operator shutting the server down (class 57),
 * nor for errors with no SQLSTATE at all (the socket broke).
 */
function connectionIsFine(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code !== undefined && !code.startsWith('08') && !code.startsWith('57');
}
