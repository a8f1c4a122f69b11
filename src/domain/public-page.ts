import { sortedByName } from './spanish-order';
import { DAY_KEYS, DAY_LABELS, type DayKey, type WeeklySchedule } from './weekly-schedule';

// The salon's public page (ADR 078): what it shows of the salon, worked out once here so the page,
// its first view and its link preview (salon-page-meta.ts) say the same.

/** A missing category reads as the spec's default (SPEC §3), here as everywhere. */
export const DEFAULT_CATEGORY = 'General';

export type PublicService = { id: string; name: string; description: string; duration: number; price: number; category: string; professionalIds: string[]; parallelAllowed?: boolean };

/** Services by category (Spanish order, "General" last), each category's services by name. */
export function servicesByCategory<S extends { name: string; category: string }>(services: readonly S[]): Array<{ name: string; services: S[] }> {
  const groups = new Map<string, S[]>();
  for (const s of services) {
    const name = s.category.trim() || DEFAULT_CATEGORY;
    groups.set(name, [...(groups.get(name) ?? []), s]);
  }
  const named = sortedByName([...groups.keys()].filter((n) => n !== DEFAULT_CATEGORY).map((name) => ({ name })));
  const order = [...named.map((g) => g.name), ...(groups.has(DEFAULT_CATEGORY) ? [DEFAULT_CATEGORY] : [])];
  return order.map((name) => ({ name, services: sortedByName(groups.get(name)!) }));
}

export type OpeningLine = { day: DayKey; label: string; hours: string | null };

/**
 * The week as the page lists it ("Lunes 09:00–14:00, 16:00–20:00"; null: closed), or null when the
 * owner has not set opening hours (ADR 060: then they bound nothing, and the page does not invent them).
 */
export function openingLines(week: Partial<WeeklySchedule> | null): OpeningLine[] | null {
  if (!week) return null;
  return DAY_KEYS.map((day) => {
    const d = week[day];
    if (!d?.isWorkingDay) return { day, label: DAY_LABELS[day], hours: null };
    const cuts = [...d.breaks].sort((a, b) => a.start.localeCompare(b.start));
    const spans: string[] = [];
    let from = d.startTime;
    for (const b of cuts) {
      if (b.start > from) spans.push(`${from}–${b.start}`);
      from = b.end > from ? b.end : from;
    }
    if (d.endTime > from) spans.push(`${from}–${d.endTime}`);
    return { day, label: DAY_LABELS[day], hours: spans.join(', ') || null };
  });
}

/** A map search for the address: a plain link to OpenStreetMap, no embedded map or script (ADR 078). */
export const mapLink = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** What a client writes first on WhatsApp, ready in the chat. */
export const WHATSAPP_GREETING = 'Hola, quería pedir una cita.';
