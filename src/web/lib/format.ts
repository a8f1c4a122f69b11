import { SALON_TIME_ZONE } from '../../domain/calendar-date';

// Dates and times always in Spanish and in the salon's zone, whatever the device's zone is.
// Each formatter is made on its first use, not when the module loads: making one costs a phone
// tens of milliseconds (time zone data), and most pages use one of the three or none.
function lazyFormat(options: Intl.DateTimeFormatOptions) {
  let f: Intl.DateTimeFormat | undefined;
  return (d: Date | string) => (f ??= new Intl.DateTimeFormat('es-ES', { timeZone: SALON_TIME_ZONE, ...options })).format(new Date(d));
}

export const formatDateLong = lazyFormat({ weekday: 'long', day: 'numeric', month: 'long' });
export const formatDateShort = lazyFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
export const formatTime = lazyFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
export { formatEuros } from '../../domain/money';
