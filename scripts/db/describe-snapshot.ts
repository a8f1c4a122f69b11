// A drizzle-kit snapshot (from the schema, or pulled from a database) as one line per fact, in
// words that do not depend on who wrote the object: constraint NAMES of foreign keys and unique
// constraints differ between hand-written SQL (PostgreSQL's `_fkey`, `_key`) and drizzle's (`_fk`,
// `_unique`), and PostgreSQL rewrites a CHECK's text (BETWEEN, IN), so those are compared by what
// they constrain, and checks by name.

type Column = { name: string; type: string; primaryKey?: boolean; notNull?: boolean; default?: unknown };
type IndexColumn = { expression: string; isExpression?: boolean; asc?: boolean };
type Table = {
  name: string;
  columns: Record<string, Column>;
  indexes: Record<string, { name: string; columns: IndexColumn[]; isUnique: boolean; method?: string; where?: string }>;
  foreignKeys: Record<string, { tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete?: string; onUpdate?: string }>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
  uniqueConstraints: Record<string, { columns: string[]; nullsNotDistinct?: boolean }>;
  checkConstraints: Record<string, { name: string }>;
};
export type Snapshot = { tables: Record<string, Table>; enums?: Record<string, unknown>; sequences?: Record<string, unknown> };

const plain = (s: string) => s.replace(/["\s]/g, '').toLowerCase();
const action = (a: string | undefined) => (a ?? 'no action').toLowerCase();

export function describeSnapshot(snapshot: Snapshot): string[] {
  const out: string[] = [];
  for (const t of Object.values(snapshot.tables)) {
    const n = t.name;
    out.push(`table ${n}`);
    for (const c of Object.values(t.columns)) {
      const def = c.default === undefined ? '' : ` default ${plain(String(c.default))}`;
      out.push(`${n}.${c.name} ${c.type}${c.notNull ? ' not null' : ''}${def}${c.primaryKey ? ' primary key' : ''}`);
    }
    // Sorted: drizzle-kit pull reads a composite key's columns in no fixed order (one CI run saw
    // employee_services as (service_id, employee_id)), so their order cannot be compared.
    for (const pk of Object.values(t.compositePrimaryKeys)) out.push(`${n} primary key (${[...pk.columns].sort().join(', ')})`);
    for (const u of Object.values(t.uniqueConstraints)) out.push(`${n} unique (${u.columns.join(', ')})${u.nullsNotDistinct ? ' nulls not distinct' : ''}`);
    for (const fk of Object.values(t.foreignKeys)) {
      out.push(`${n} (${fk.columnsFrom.join(', ')}) references ${fk.tableTo} (${fk.columnsTo.join(', ')}) on delete ${action(fk.onDelete)} on update ${action(fk.onUpdate)}`);
    }
    for (const ix of Object.values(t.indexes)) {
      const cols = ix.columns.map((c) => plain(c.expression) + (c.asc === false ? ' desc' : '')).join(', ');
      out.push(`${n} ${ix.isUnique ? 'unique ' : ''}index ${ix.name} ${ix.method ?? 'btree'} (${cols})${ix.where ? ` where ${plain(ix.where)}` : ''}`);
    }
    for (const ck of Object.values(t.checkConstraints)) out.push(`${n} check ${ck.name}`);
  }
  for (const e of Object.keys(snapshot.enums ?? {})) out.push(`enum ${e}`);
  for (const s of Object.keys(snapshot.sequences ?? {})) out.push(`sequence ${s}`);
  return out.sort();
}

/** What one description has and the other lacks, each line saying on which side it is. */
export function compareDescriptions(database: string[], schema: string[]): string[] {
  const db = new Set(database);
  const sc = new Set(schema);
  return [...database.filter((l) => !sc.has(l)).map((l) => `only in the migrated database: ${l}`), ...schema.filter((l) => !db.has(l)).map((l) => `only in the schema: ${l}`)];
}
