// A service's category as every screen shows it: the spec's default 'General' when none was given
// (SPEC §2 Services list), never "Sin categoría" or "—" (docs/decisions/077).

export const DEFAULT_CATEGORY = 'General';

export const categoryLabel = (category: string | null | undefined): string => category?.trim() || DEFAULT_CATEGORY;
