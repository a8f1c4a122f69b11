// The salon-day range is a domain rule now (the web's date fields use it too); the server's
// parameter checks keep importing it from here.
export { FIRST_SALON_DAY, LAST_SALON_DAY, isSalonDay } from '../../domain/calendar-date';
