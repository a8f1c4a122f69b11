// The texts no client page imports: the staff's screens, and the server's own answers (a client
// sees those as the server sends them, never from this module). Kept out of MSG so a client's first
// views do not download them (the bundle budget, test/bundle-budget.test.ts); one source for the
// server and the web like MSG, and validate.ts knows both.

import { hoursFormat } from './common';

export const rescheduleTooLate = (hours: number): string =>
  `Lo sentimos, no puedes cambiar la hora de esta cita. La política del salón requiere al menos ${hoursFormat.format(hours)} horas de antelación.`;

export const unlinkBlocked = (count: number): string =>
  `No se puede desvincular esta cuenta: tiene ${count === 1 ? 'una cita confirmada pendiente' : `${count} citas confirmadas pendientes`} como profesional. Cancélalas primero en «Ver Citas».`;

export const giftCardExpired = (lastDay: string): string => `Esta tarjeta regalo caducó el ${lastDay}: ya no se puede usar.`;
export const giftCardBalanceShort = (balance: string): string => `La tarjeta regalo solo tiene ${balance} de saldo. Cobra esa cantidad con ella y el resto con otro método.`;
export const paymentOverPrice = (remaining: string): string =>
  `El cobro supera el precio de la cita: quedan ${remaining} por cobrar. Auna no registra propinas.`;

export const STAFF_MSG = {
  // Server answers and back-office texts from before the front desk.
  linkAdminRoleUnchanged: 'Este usuario es administrador: conservará su rol de administrador.',
  notFound: 'No hemos encontrado lo que buscas.',
  invalidCredentials: 'Email o contraseña incorrectos.',
  appointmentNotFound: 'No hemos encontrado esa cita.',
  invalidTransition: 'Esta cita ya no admite ese cambio de estado.',
  markNotStarted: 'Todavía no puedes marcar esta cita: aún no ha empezado.',
  cancelNotAllowed: 'Esta cita ya no se puede cancelar: no está confirmada o ya ha pasado.',
  serviceNotOffered: 'Este profesional no ofrece este servicio.',
  employeeInactive: 'Este profesional no está disponible en este momento.',
  serviceDeleteActive: 'Desactiva el servicio antes de eliminarlo definitivamente.',
  employeeServicesUnknown: 'Alguno de los servicios elegidos ya no existe. Recarga la página.',
  employeeNotFound: 'Empleado no encontrado.',
  employeeDeleteActive: 'Desactiva al empleado antes de eliminarlo definitivamente.',
  unlinkBlocked,
  calendarFeedTitle: 'Tu calendario en Google, Apple u Outlook',
  calendarFeedHelp:
    'Copia este enlace secreto y añádelo como calendario por URL. Quien lo tenga puede ver tus citas: si lo compartes por error, genera uno nuevo.',
  calendarFeedCreate: 'Crear enlace del calendario',
  calendarFeedRegenerate: 'Generar un enlace nuevo',
  calendarFeedCopied: 'Enlace copiado.',
  rescheduleFailed: 'No se pudo cambiar la cita. Inténtalo de nuevo.',

  // Closures, special hours and time off (availability.ts, ADR 023).
  availabilitySalonClosed: 'El salón está cerrado en esa fecha u hora. Por favor, elige otro horario.',
  availabilityTimeOff: 'El profesional no trabaja a esa hora. Por favor, elige otro horario.',
  exceptionDatesInvalid: 'Revisa las fechas: la fecha final no puede ser anterior a la inicial.',
  exceptionRangeTooLong: 'Un periodo puede durar como máximo un año.',
  exceptionTimesInvalid: 'Revisa las horas: la hora final debe ser posterior a la inicial.',
  exceptionReasonRequired: 'Escribe el motivo.',
  exceptionNotFound: 'No hemos encontrado ese cierre o ausencia.',
  timeOffOverAppointments: 'Tienes citas confirmadas en ese periodo. Pide al salón que las mueva o cancele antes de añadir la ausencia.',
  holidaysYearInvalid: 'Elige un año entre 2000 y 2100.',
  availabilityLoadFailed: 'No se pudieron cargar los cierres y ausencias.',
  availabilitySaveFailed: 'No se pudo guardar el cambio.',
  // Confirmations, reminders and calendar feeds (ADR 021, 022)
  reminderHoursInvalid: 'Las horas del recordatorio deben ser un número entero entre 0 y 168 (0 = sin recordatorio).',
  stopRemindersInvalidLink: 'Este enlace para dejar de recibir recordatorios no es válido.',
  stopRemindersDone: 'Listo: ya no te enviaremos recordatorios de tus citas. Puedes volver a activarlos en Mis Citas.',
  calendarFeedNotFound: 'Este calendario ya no existe: pide el enlace nuevo.',
  reminderHoursLabel: 'Recordatorio por email (horas antes de la cita, 0 = sin recordatorio)',
  failedMessagesTitle: 'Mensajes que no se han podido enviar',
  failedMessagesNone: 'Todos los mensajes se han enviado.',
  // The front desk (client records, staff booking, rescheduling, email verification).
  clientNameRequired: 'Escribe el nombre del cliente.',
  clientPhoneRequired: 'Escribe el teléfono del cliente.',
  clientPhoneInvalid: 'El teléfono no es válido. Escribe un número español de 9 cifras o uno con prefijo internacional (+…).',
  clientEmailInvalid: 'El email del cliente no es válido.',
  clientNotesTooLong: 'Las notas son demasiado largas (máximo 2000 caracteres).',
  clientNotFound: 'No hemos encontrado ese cliente.',
  clientRequired: 'Elige o crea el cliente de la cita.',
  clientsLoadFailed: 'No se pudieron cargar los clientes.',
  clientSaved: 'Cliente guardado.',
  clientSaveFailed: 'No se pudo guardar el cliente.',
  notOwnAgenda: 'Solo puedes reservar y mover citas de tu propia agenda.',
  // docs/decisions/086: a record a deleted account left behind is kept for its history, never booked.
  clientErased: 'Este cliente eliminó su cuenta: ya no se le pueden reservar citas.',
  rescheduleTooLate,
  rescheduleNotAllowed: 'Esta cita ya no se puede cambiar de hora: no está confirmada o ya ha pasado.',
  staffBookingSucceeded: 'Cita reservada con éxito.',
  emailVerifySubject: 'Confirma tu email en Auna',
  // issue-16: hardening and privacy (booking abuse, passwords, accounts, RGPD).
  bookingBeyondHorizon: 'Todavía no se puede reservar para esa fecha: el salón abre la agenda con menos antelación.',
  bookingTooFast: 'Has hecho demasiadas reservas seguidas. Espera unos minutos y vuelve a intentarlo.',
  passwordTooCommon: 'Esa contraseña es demasiado común y fácil de adivinar. Elige otra.',
  staffPasswordTooShort: 'Las cuentas del personal necesitan una contraseña de al menos 12 caracteres.',
  linkEmailNotVerified: 'Esta cuenta aún no ha confirmado su email. Pídele que lo confirme antes de vincularla.',
  googleEmailNotVerified: 'Google no ha confirmado el email de esta cuenta.',
  bookingCapInvalid: 'El máximo de citas pendientes por cliente debe ser un número entero entre 1 y 50.',
  bookingHorizonInvalid: 'Los días de antelación para reservar deben ser un número entero entre 1 y 730.',
  accountDeleteStaff: 'Las cuentas del personal no se eliminan desde aquí. Habla con la administración del salón.',
  // reservas y límites (November review, docs/decisions/031): the cap, the horizon and client moves.
  bookingCapReachedCount: (count: number, cap: number): string =>
    `Ya tienes ${count === 1 ? 'una cita próxima' : `${count} citas próximas`}, ${count > cap ? `y el máximo es ${cap}` : 'el máximo'}. Cancela una en Mis Citas para reservar otra.`,
  bookingHorizonNote: (days: number): string => `Solo se puede reservar con hasta ${days} ${days === 1 ? 'día' : 'días'} de antelación.`,
  rescheduleTooFast: 'Has cambiado de hora demasiadas citas seguidas. Espera un rato y vuelve a intentarlo.',
  rescheduleLimitReached: (moves: number): string =>
    `Esta cita ya se ha cambiado de hora ${moves} ${moves === 1 ? 'vez' : 'veces'}, el máximo. Si necesitas otro cambio, llama al salón.`,
  // Tarjetas regalo y cobros (ADR 038 and 039): the gift cards, the payments and the Caja del día.
  giftCardKindInvalid: 'Elige si la tarjeta es por un importe o por un servicio.',
  giftCardAmountInvalid: 'El importe de la tarjeta regalo debe estar entre 1 € y 1000 €, con dos decimales como máximo.',
  giftCardServiceNotFound: 'Ese servicio no existe o no está activo. Elige otro.',
  giftCardBuyerRequired: 'Escribe el nombre de quien compra la tarjeta (como máximo 120 caracteres).',
  giftCardRecipientTooLong: 'El nombre de quien la recibe es demasiado largo (como máximo 120 caracteres).',
  giftCardNotFound: 'No hay ninguna tarjeta regalo con ese código. Revísalo y vuelve a intentarlo.',
  giftCardCodeRequired: 'Escribe el código de la tarjeta regalo.',
  giftCardExpired,
  giftCardBalanceShort,
  paymentOverPrice,
  giftCardUsedUp: 'Esta tarjeta regalo ya está gastada: no le queda saldo.',
  giftCardLookupTooFast: 'Has buscado demasiados códigos seguidos. Espera unos minutos y vuelve a intentarlo.',
  giftCardsLoadFailed: 'No se pudieron cargar las tarjetas regalo.',
  giftCardSaleFailed: 'No se pudo vender la tarjeta regalo.',
  saleMethodInvalid: 'Elige cómo se ha pagado: efectivo, tarjeta, Bizum u otro.',
  paymentMethodInvalid: 'Elige un método de pago válido.',
  paymentAmountInvalid: 'Cada importe debe ser mayor que 0 €, con dos decimales como máximo.',
  paymentLinesInvalid: 'Añade entre 1 y 5 líneas de pago.',
  paymentDiscountReasonRequired: 'El total es menor que el precio de la cita: escribe el motivo del descuento.',
  paymentDiscountReasonTooLong: 'El motivo del descuento es demasiado largo (como máximo 200 caracteres).',
  paymentAlreadySettled: 'Esta cita ya se cobró con descuento: no queda nada por cobrar.',
  paymentWithBono: 'Esta cita se paga con una sesión de su bono: no hay nada que cobrar.',
  paymentNotPayable: 'Solo se pueden cobrar citas completadas o que ya han empezado.',
  paymentGiftCardCodeRequired: 'Escribe el código de la tarjeta regalo para cobrar con ella.',
  paymentFailed: 'No se pudo registrar el cobro.',
  paymentsLoadFailed: 'No se pudieron cargar los cobros.',
  cajaLoadFailed: 'No se pudo cargar la caja del día.',
  // Cuentas y acceso (November review, ADR 030): server answers and the admin's link step.
  authJsonOnly: 'La solicitud debe enviarse en formato JSON (Content-Type: application/json).',
  staffPasswordRequired:
    'Tu cuenta ahora es del personal del salón y necesita una contraseña de al menos 12 caracteres. Pulsa «¿Olvidaste tu contraseña?» para crear una nueva.',
  verificationResent: 'Te hemos enviado un nuevo email de confirmación. El enlace caduca en 24 horas.',
  verificationResentFor: 'Le hemos enviado un nuevo email de confirmación. El enlace caduca en 24 horas.',
  verificationAlreadyConfirmed: 'Este email ya está confirmado.',

  // Moved from MSG so client first views do not download them (the bundle budget).
  // Mensajes a clientes sin cuenta: the stop-reminders page of the emails' link, and the client record's label (ADR 029).
  stopRemindersTitle: 'Recordatorios de tus citas',
  stopRemindersQuestion:
    '¿Prefieres no recibir el recordatorio por email antes de cada cita? Te seguiremos avisando cuando reserves, cambies o canceles una cita.',
  stopRemindersButton: 'Dejar de recibir recordatorios',
  // Truthful: the salon has no switch for her; an account with this email (verified) takes the record, and Mis Citas turns them on.
  stopRemindersDoneNoAccount:
    'Listo: ya no te enviaremos recordatorios de tus citas. Si más adelante creas una cuenta con este email, podrás volver a activarlos en Mis Citas.',
  remindersStoppedByClient: 'Recordatorios desactivados por la clienta',

  // Equipo y calendarios: leavers, calendar feeds, control characters (ADR 032).
  textControlCharacters: 'Hay caracteres no permitidos en el texto (como saltos de línea en un nombre). Escríbelo de nuevo sin ellos.',
  revokeAccessAction: 'Quitar acceso ahora',
  revokeAccessTitle: '¿Quitar el acceso ahora?',
  revokeAccessBody:
    'Se cerrarán todas sus sesiones abiertas y dejará de funcionar su enlace del calendario. El empleado sigue activo y podrá volver a entrar con su contraseña.',
  revokeAccessDone: 'Acceso quitado: sus sesiones están cerradas y su enlace del calendario ya no funciona.',
  revokeAccessFailed: 'No se ha podido quitar el acceso. Inténtalo de nuevo.',
  revokeAccessNoAccount: 'Este empleado no tiene una cuenta vinculada: no hay acceso que quitar.',
  deactivateEndsAccess: 'Al desactivarlo se cerrarán sus sesiones y dejará de funcionar su enlace del calendario.',
  calendarFeedShownOnce: 'Copia este enlace ahora: por seguridad no volverás a verlo. Si lo pierdes, genera uno nuevo.',
  calendarFeedActive:
    'Tienes un enlace de calendario activo. Por seguridad solo se muestra al crearlo: si lo has perdido, genera uno nuevo (el anterior dejará de funcionar).',

  // Privacidad y fichas (ADR 033): deleting an account asks who it is; a record's email and attaching its history.
  clientEmailAdminOnly: 'Solo la administración del salón puede cambiar el email de una ficha.',
  clientAttachConfirm:
    'Este email es el de una cuenta con el email confirmado. Al guardar, la ficha y todo su historial de citas pasarán a esa cuenta y su titular lo verá en Mis Citas. Confírmalo solo si es la misma persona.',
  clientAttachConfirmTitle: '¿Unir la ficha a esta cuenta?',
  clientAttachConfirmButton: 'Sí, es la misma persona',
  // Cabinas y aparatos (ADR 036): resources, their maintenance, a service's buffers and groups.
  resourceNameRequired: 'Escribe el nombre de la cabina o el aparato (como máximo 80 caracteres).',
  resourceKindInvalid: 'Elige el tipo: cabina o aparato.',
  resourceNotFound: 'No hemos encontrado esa cabina o aparato.',
  resourceMaintenanceNotFound: 'No hemos encontrado ese periodo fuera de servicio.',
  resourceUnavailable: 'La cabina o el aparato no está libre a esa hora. Por favor, elige otro horario.',
  resourceNotRequired: 'Ese recurso no sirve para este servicio. Elige uno de los que el servicio necesita.',
  serviceBuffersInvalid: 'La preparación y la limpieza deben ser minutos enteros entre 0 y 120.',
  resourceGroupsTooMany: 'Un servicio puede necesitar como máximo 5 grupos de cabinas o aparatos.',
  resourceGroupEmpty: 'Cada grupo debe tener al menos una cabina o aparato.',
  resourceGroupInvalid: 'Revisa los grupos: un grupo no puede repetir una cabina o aparato, ni tener más de 20.',
  resourceGroupInactive: 'Alguna cabina o aparato elegido no existe o está desactivado. Recarga la página.',
  resourcesLoadFailed: 'No se pudieron cargar las cabinas y aparatos.',
  resourceSaveFailed: 'No se pudo guardar la cabina o el aparato.',
  resourceToggleFailed: 'No se pudo cambiar el estado de la cabina o el aparato.',
  // Dinero (ADR 052, 053): who a record names, and a bono that does not cover a visit.
  staffNameTaken: 'Ese nombre es el de otra persona del equipo. Elige otro: en la caja y los registros del salón figura el nombre de tu ficha de empleado.',
  // La agenda del salón (ADR 058): fuera de horario, clientes sin cita, bloqueos, mover arrastrando.
  squeezeConfirm: 'Esa hora está fuera del horario que se ofrece. Confirma «Fuera de horario» para reservarla.',
  squeezePast: 'Esa hora ya ha pasado. Para un cliente que ya está aquí, usa «Cliente sin cita».',
  walkInNotNow: 'Un cliente sin cita se reserva para ahora: la visita debe estar en curso o empezar en unos minutos.',
  squeezeOutsideDay: 'La cita debe empezar y acabar el mismo día.',
  squeezeSucceeded: 'Cita reservada fuera de horario.',
  walkInSucceeded: 'Cliente sin cita reservado.',
  blockTargetRequired: 'Elige un profesional o una cabina para bloquear el hueco.',
  blockTimesInvalid: 'Revisa el hueco: la hora de fin debe ser posterior a la de inicio.',
  blockInPast: 'Ese hueco ya ha pasado: no hace falta bloquearlo.',
  blockOverAppointments: 'Hay citas confirmadas en ese hueco. Pide al salón que las mueva o cancele antes de bloquearlo.',
  blockNotFound: 'No hemos encontrado ese bloqueo.',
  blockAdded: 'Hueco bloqueado.',
  blockRemoved: 'Bloqueo quitado: el hueco vuelve a estar libre.',
  blockFailed: 'No se pudo bloquear el hueco. Inténtalo de nuevo.',
  moveUndone: 'Cambio deshecho.',
} as const;
