// Spanish order for the back office's tables: "Ácido" next to "Acondicionador", not after "Zumo";
// case and accents do not separate names, and "Sala 2" comes before "Sala 10".

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** The rows sorted by their `name` in that order (a new array). */
export const sortedByName = <T extends { name: string }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => collator.compare(a.name, b.name));
