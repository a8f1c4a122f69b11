// The Informes' own texts (ADR 042): the server's refusals and the page's load errors.
// A module of its own so that no client first view and no other staff page downloads them.

export const REPORTS_MSG = {
  periodInvalid: 'Elige un periodo: este mes, el mes pasado, el trimestre, el año o unas fechas.',
  customDatesRequired: 'Para un periodo personalizado, elige la fecha de inicio y la de fin.',
  dateInvalid: 'Las fechas deben ser días del calendario (AAAA-MM-DD).',
  fromAfterTo: 'La fecha de inicio no puede ser posterior a la de fin.',
  rangeTooLong: 'El periodo puede ser de un año como máximo (366 días).',
  professionalNotFound: 'No hemos encontrado esa profesional.',
  lostDaysInvalid: 'Los días sin venir deben ser un número entero entre 7 y 730.',
  tableUnknown: 'Ese informe no existe.',
  loadFailed: 'No se pudo cargar el informe.',
} as const;
