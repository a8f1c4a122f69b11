// Who a money record names (docs/decisions/052-discounts-and-the-staff-limit.md): the staff
// member's employee record, which the admin controls, not the display name she chose herself.

/**
 * A person's name as a reader tells names apart: no accents, case, punctuation or extra spaces
 * ("Rocío  Navarro", "rocio navarro." and "ROCIO NAVARRO" are one name on a till's list).
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('es')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `wanted` reads as one of `others` (another staff member's name). */
export const clashesWith = (wanted: string, others: readonly string[]): boolean => {
  const key = nameKey(wanted);
  return key !== '' && others.some((o) => nameKey(o) === key);
};
