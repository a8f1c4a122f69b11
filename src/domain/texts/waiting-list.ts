// The waiting list's Spanish texts (ADR 070-073): the server's answers and its screens.
// The numbers match MAX_WAITING_DAYS and MAX_OPEN_ENTRIES (src/domain/waiting-list.ts; its test checks them).

/** The waiting list's Spanish texts (server answers and the screens). */
export const WAITING_MSG = {
  title: 'Lista de espera',
  notifyMe: 'Avísame si se libera un hueco',
  rangeBackwards: 'El último día no puede ser anterior al primero.',
  rangePast: 'Elige días que aún no hayan pasado.',
  rangeTooLong: 'Elige como mucho 31 días seguidos.',
  beyondHorizon: 'Todavía no se puede reservar para esos días.',
  tooManyEntries: 'Ya tienes 5 avisos activos. Retira alguno antes de pedir otro.',
  invalidDate: 'Elige un día válido.',
  invalidPart: 'Elige mañana, tarde o cualquier hora.',
  hoursBackwards: 'Indica la hora desde y la hora hasta, la segunda después de la primera.',
  invalidTime: 'Indica una hora válida (HH:MM).',
  clientUnreachable: 'Esta ficha no tiene teléfono, email ni cuenta: no podríamos avisarla. Añade un contacto en su ficha.',
  entryNotFound: 'Ese aviso ya no existe.',
  entryAdded: 'Te avisaremos si se libera un hueco.',
  entryWithdrawn: 'Aviso retirado.',
  offerGone: 'Este hueco ya está reservado. Puedes seguir en la lista de espera: te avisaremos si se libera otro.',
  offerBooked: '¡Listo! Tu cita está reservada.',
  offerInvalid: 'Este enlace no es válido o ha caducado.',
  offered: 'Hueco ofrecido.',
  deskAdded: 'Añadida a la lista de espera.',
  keepWaiting: 'Sigues en la lista de espera.',
  loadFailed: 'No hemos podido cargar la lista de espera. Inténtalo de nuevo.',
  saveFailed: 'No hemos podido guardar el aviso. Inténtalo de nuevo.',
  offerFailed: 'No hemos podido ofrecer el hueco. Inténtalo de nuevo.',
} as const;
