// The Spanish texts the server and the web app share, so the server's `{ error: { message } }`
// and the web app's toasts and form errors never drift apart (ARCHITECTURE.md §5.5): validation
// and error messages, what the server answers with, and what both sides show of a rule (the
// cancelling policy, a status). MSG (here) holds those a client's pages need; STAFF_MSG
// (staff.ts) the staff screens' and the server's other answers; ACCOUNT_MSG (accounts.ts) one
// button's.
// A page's own copy (headings, labels, explanations) is not here: it is written in the web app's
// components, where it is shown (src/web/features/**).
// Texts quoted in SPEC.md §5 and §8 are copied verbatim, including the original's wording
// ("ingresa", "resetear") and the trailing space of the "...: " prefixes, because they are
// followed by an error code. Texts the spec does not show are ours, in "tú" form.
// Deliberately absent: the hosted database's "La consulta requiere un índice..." (SPEC §8):
// our PostgreSQL queries never need an index created by hand, so no user can meet it.

// Spanish decimal comma for fractional hours ("1,5"), plain digits for whole ones. Made on first
// use, not when this module loads: every client page imports these texts, and a browser's first
// Intl formatter is a long task (docs/decisions/109-first-views-without-intl.md).
let hoursFormatter: Intl.NumberFormat | undefined;
export const hoursFormat = {
  format: (hours: number): string => (hoursFormatter ??= new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 })).format(hours),
};

export const cancelTooLate = (hours: number): string =>
  `Lo sentimos, no puedes cancelar esta cita. La política del salón requiere al menos ${hoursFormat.format(hours)} horas de antelación.`;

export const statusMarked = (label: string): string => `Cita marcada como "${label}".`;

export const confirmBookingFor = (time: string): string => `Confirmar Cita para las ${time}`;

export const linkFound = (name: string): string => `Usuario encontrado: ${name}. Se vinculará al guardar.`;

export const linkedTo = (email: string): string => `Vinculado a la cuenta de ${email}`;

// docs/decisions/004-employee-account-linking.md: an account that still has confirmed future
// appointments as professional is not unlinked (its clients would be left with nobody).
// The front desk (ADR 020): moving an appointment follows the cancelling policy, in the same voice.
export const MSG = {
  // Signup (SPEC §5)
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres.',
  passwordsDontMatch: 'Las contraseñas no coinciden.',
  signupMissingFields: 'Introduce tu email y la contraseña.',

  // Authentication (SPEC §8): the caller appends the error code.
  signupErrorPrefix: 'Error al crear la cuenta: ',
  googleErrorPrefix: 'Error al iniciar sesión con Google: ',
  loginErrorPrefix: 'Error al iniciar sesión: ',
  resetErrorPrefix: 'Error al resetear contraseña: ',
  resetSent: 'Revisa tu correo para las instrucciones de reseteo.',

  // Booking (SPEC §5)
  bookingMissingData: 'Faltan datos para la reserva. Por favor, completa todos los pasos.',
  appointmentDataIncomplete: 'Datos de cita incompletos.',
  invalidServiceDuration: 'Duración del servicio inválida.',
  employeeNoAccount: 'Este profesional no tiene una cuenta de usuario válida para recibir citas. Por favor, contacta al salón.',
  slotTaken: 'Lo sentimos, este horario acaba de ser reservado. Por favor, elige otro.',
  bookingFailed: 'No se pudo crear la cita. El horario podría no estar disponible. Inténtalo de nuevo.',
  bookingSucceeded: 'Tu cita ha sido reservada con éxito',
  confirmBookingFor,

  // Cancellation by the client (SPEC §5)
  cancelConfirm: '¿Estás seguro de que quieres cancelar esta cita?',
  cancelTooLate,
  cancelFailed: 'No se pudo cancelar la cita. Inténtalo de nuevo.',
  cancelledBanner: 'Tu cita ha sido cancelada.',

  // Services and booking screen (SPEC §8)
  servicesLoadAdmin: 'No se pudieron cargar los servicios. Inténtalo de nuevo.',
  servicesLoadPublic: 'No se pudieron cargar los servicios. Inténtalo de nuevo más tarde.',
  serviceSaveFailed: 'Error al guardar el servicio.',
  serviceToggleFailed: 'Error al cambiar el estado del servicio.',
  serviceDeleteFailed: 'Error al eliminar el servicio permanentemente.',
  serviceNotFound: 'Servicio no encontrado.',
  serviceNotFoundOrUnavailable: 'Servicio no encontrado o no disponible.',
  serviceLoadFailed: 'Error al cargar el servicio.',
  employeesForServiceFailed: 'Error al cargar empleados para este servicio.',
  realtimeFailed: 'No se pudo obtener la disponibilidad en tiempo real.',
  loadMyDataFailed: 'No se pudieron cargar tus datos. Por favor, recarga la página.',
  noServicesAvailable: 'No hay servicios disponibles en este momento.',
  noProfessionals: 'No hay profesionales disponibles para este servicio.',
  noSlotsForDay: 'No hay horarios disponibles para este día. Prueba con otra fecha.',

  // Employees and account linking (SPEC §5, §8)
  employeesLoadFailed: 'No se pudieron cargar los empleados. Inténtalo de nuevo.',
  employeeSaveFailed: 'Error al guardar el empleado.',
  employeeToggleFailed: 'Error al cambiar el estado del empleado.',
  employeeDeleteFailed: 'Error al eliminar el empleado permanentemente.',
  linkUserNotFound: 'No se encontró ningún usuario con ese email. El empleado debe registrarse primero.',
  linkAlreadyLinked: 'Este usuario ya está asignado como empleado. No se puede vincular dos veces.',
  linkLookupFailed: 'Error al buscar el usuario.',
  linkEmailRequired: 'Por favor, ingresa el email de la cuenta del usuario.',
  linkNotConfirmed: 'Debes hacer clic en "Vincular Cuenta" para confirmar el email del usuario.',
  // SPEC §4 says "a note says so" without the text.
  linkFound,
  linkedTo,

  // Appointments (SPEC §4, §8)
  appointmentsLoadFailed: 'No se pudieron cargar las citas.',
  statusUpdateFailed: 'No se pudo actualizar el estado.',
  statusMarked,
  undo: 'Deshacer',
  saveChangeRetrying: 'No se pudo guardar el cambio. Reintentando...',

  // Settings (SPEC §8)
  settingsLoadFailed: 'No se pudo cargar la configuración.',
  settingsSaveFailed: 'No se pudo guardar la configuración.',
  settingsSaved: '¡Configuración guardada con éxito!',

  // Schedule editor (weekly-schedule.ts): say what to fix, in the salon's words.
  scheduleEndBeforeStart: 'La hora de cierre debe ser posterior a la de apertura.',
  scheduleInvalidTime: 'Alguna de las horas no es válida. Elígela de nuevo en la lista.',
  breakEndBeforeStart: 'El descanso debe terminar después de empezar.',
  breakOutsideDay: 'Los descansos deben quedar dentro del horario de ese día.',
  breaksOverlap: 'Los descansos de un mismo día no pueden coincidir entre sí.',

  // Generic server answers (ours: the spec's server side is "not shown").
  unauthenticated: 'Inicia sesión para continuar.',
  forbidden: 'No tienes permiso para hacer esto.',
  invalidInput: 'Revisa los datos enviados.',
  tooManyRequests: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  internal: 'Algo ha fallado por nuestra parte. Inténtalo de nuevo en unos minutos.',
  slotNotOffered: 'Ese horario no está disponible. Por favor, elige otro.',

  // Back office forms (ours: SPEC §5 gives the rules, not their texts). back-office-rules.ts.
  serviceNameRequired: 'Escribe el nombre del servicio.',
  serviceDurationInvalid: 'La duración debe ser un número entero de minutos, como mínimo 1.',
  servicePriceInvalid: 'El precio debe ser 0 o más, con dos decimales como máximo.',
  employeeNameRequired: 'Escribe el nombre del empleado.',
  employeeEmailInvalid: 'El email de contacto no es válido.',
  salonNameRequired: 'Escribe el nombre del salón.',
  slotIntervalInvalid: 'Elige un intervalo entre citas de 15, 20, 30, 45 o 60 minutos.',
  cancellationHoursInvalid: 'Las horas de antelación para cancelar deben ser un número entero, 0 o más.',

  // Google sign-in when the salon has not set it up (no GOOGLE_CLIENT_ID): a sentence, not a code.
  googleUnavailable: 'El acceso con Google todavía no está disponible en este salón. Entra con tu email y contraseña.',
  remindersSwitchLabel: 'Recibir un recordatorio por email antes de cada cita',
  remindersSaved: 'Preferencia guardada.',
  rescheduleSucceeded: 'Cita cambiada con éxito.',
  emailVerified: '¡Gracias! Tu email está confirmado.',
  emailVerifyFailed: 'El enlace para confirmar tu email no es válido o ha caducado. Inicia sesión y pide uno nuevo.',
  accountDeleteConfirm: 'Escribe ELIMINAR para confirmar.',
  deletedClientName: 'Cliente eliminado',
} as const;

export type MessageKey = keyof typeof MSG;
