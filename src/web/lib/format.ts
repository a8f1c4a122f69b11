import { SALON_TIME_ZONE } from '../../domain/calendar-date';

// Dates and times always in Spanish and in the salon's zone, whatever the device's zone is.
const dateLong = new Intl.DateTimeFormat('es-ES', { timeZone: SALON_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
const dateShort = new Intl.DateTimeFormat('es-ES', { timeZone: SALON_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const time = new Intl.DateTimeFormat('es-ES', { timeZone: SALON_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export const formatDateLong = (d: Date | string) => dateLong.format(new Date(d));
export const formatDateShort = (d: Date | string) => dateShort.format(new Date(d));
export const formatTime = (d: Date | string) => time.format(new Date(d));
export { formatEuros } from '../../domain/money';
