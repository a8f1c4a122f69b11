import { sql } from 'drizzle-orm';

/**
 * Our own constants (a status list, the slot intervals, a limit) written into SQL as literals,
 * where a parameter cannot stand: a CHECK constraint, or a condition the planner must see as
 * the partial index's own. Never for input: a value that is not a lower-case word or an integer
 * throws. `separator` keeps a constraint's text exactly as its migration wrote it.
 */
export function sqlLiterals(values: readonly (string | number)[], separator = ', ') {
  return sql.raw(
    values
      .map((v) => {
        if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
        if (typeof v === 'string' && /^[a-z_]+$/.test(v)) return `'${v}'`;
        throw new Error(`not a literal of ours: ${String(v)}`);
      })
      .join(separator),
  );
}
