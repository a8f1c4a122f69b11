// What a person types in a euro field ('45', '45,50', '45.5', ' 150 '), as a number; NaN when
// empty or not a number. The server decides whether it is a valid amount (whole cents, limits).
export const eurosOf = (typed: string): number => (typed.trim() === '' ? Number.NaN : Number(typed.trim().replace(',', '.')));

/** A euro amount as a field shows it for editing: '45,50'. */
export const eurosText = (amount: number): string => amount.toFixed(2).replace('.', ',');
