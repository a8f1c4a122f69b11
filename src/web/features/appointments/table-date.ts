import { SALON_TIME_ZONE } from '../../../domain/calendar-date';

// "lun, 19 ene 2026": short enough for a table column, still Spanish and in the salon's zone.
export const tableDate = new Intl.DateTimeFormat('es-ES', { timeZone: SALON_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
