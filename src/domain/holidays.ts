import { addDays } from './calendar-date';

// Spain's national public holidays (fiestas laborales de ámbito nacional, as published each year
// in the BOE): the fixed dates plus Viernes Santo, which moves with Easter. Regional and local
// holidays (Jueves Santo in most regions, the town's fiesta...) differ by place and are added by
// hand in the back office.

/** `name` is short: the back office shows it as 'Cerrado: Reyes'. */
export type Holiday = { date: string; name: string };

/** Easter Sunday of the Gregorian calendar (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new RangeError(`Invalid year: ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED: ReadonlyArray<[string, string]> = [
  ['01-01', 'Año Nuevo'],
  ['01-06', 'Reyes'],
  ['05-01', 'Fiesta del Trabajo'],
  ['08-15', 'Asunción'],
  ['10-12', 'Fiesta Nacional'],
  ['11-01', 'Todos los Santos'],
  ['12-06', 'Constitución'],
  ['12-08', 'Inmaculada Concepción'],
  ['12-25', 'Navidad'],
];

/** The national holidays of `year`, in date order. */
export function spainNationalHolidays(year: number): Holiday[] {
  const goodFriday = addDays(easterSunday(year), -2);
  const list: Holiday[] = FIXED.map(([md, name]) => ({ date: `${year}-${md}`, name }));
  list.push({ date: goodFriday, name: 'Viernes Santo' });
  return list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}
