import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { appointments, salonSettings } from './schema';
import { paramsOf } from './prepared';

// runPrepared writes a statement's text once and then only collects its parameters (paramsOf):
// they must be drizzle's, in drizzle's order, for every kind of chunk (the booking's statements:
// features/booking/prepared-statements.test.ts).

const dialect = new PgDialect();
const now = new Date('2026-12-02T09:15:00Z');
const id = (n: number) => `7c1f0000-0000-4000-8000-00000000000${n}`;

const cases: Array<[string, ReturnType<typeof sql>]> = [
  ['raw values, null, a Date and nested sql', sql`SELECT ${1}, ${'a'}, ${null}, ${now}, ${sql`${true} AND ${sql`${2.5}`}`}`],
  ['a list becomes (a, b, c)', sql`SELECT 1 WHERE x IN ${[1, 'two', null]}`],
  ['sql.raw and identifiers carry no parameters', sql`SELECT ${sql.raw('1')} FROM ${appointments} WHERE ${appointments.id} = ${id(4)} AND ${sql.identifier('x')} = ${3}`],
  ["a column's encoder (eq) and a json column's", sql`${eq(appointments.status, 'confirmed')} AND ${eq(salonSettings.openingHours, { monday: { isWorkingDay: true, startTime: '10:00', endTime: '14:00', breaks: [] } })}`],
  ['inlined sql has none', sql`SELECT ${sql`${5}`.inlineParams()}, ${6}`],
  ['a placeholder', sql`SELECT ${sql.placeholder('p')}, ${7}`],
];

describe("paramsOf: drizzle's parameters without writing the text", () => {
  it.each(cases)('%s', (_, query) => {
    const expected = dialect.sqlToQuery(query).params;
    expect(expected.length).toBeGreaterThan(0);
    expect(paramsOf(query)).toEqual(expected);
  });
});
