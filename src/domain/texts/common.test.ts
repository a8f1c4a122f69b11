import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from './staff';
import {
  MSG,
  cancelTooLate,
  confirmBookingFor,
  linkFound,
  linkedTo,
  statusMarked,
  type MessageKey,
} from './common';

// The texts SPEC.md quotes, copied by hand from the spec so a typo in either place shows up.
const VERBATIM: [MessageKey, string][] = [
  ['passwordTooShort', 'La contraseña debe tener al menos 6 caracteres.'],
  ['passwordsDontMatch', 'Las contraseñas no coinciden.'],
  ['bookingMissingData', 'Faltan datos para la reserva. Por favor, completa todos los pasos.'],
  ['appointmentDataIncomplete', 'Datos de cita incompletos.'],
  ['invalidServiceDuration', 'Duración del servicio inválida.'],
  [
    'employeeNoAccount',
    'Este profesional no tiene una cuenta de usuario válida para recibir citas. Por favor, contacta al salón.',
  ],
  ['slotTaken', 'Lo sentimos, este horario acaba de ser reservado. Por favor, elige otro.'],
  ['cancelConfirm', '¿Estás seguro de que quieres cancelar esta cita?'],
  [
    'bookingFailed',
    'No se pudo crear la cita. El horario podría no estar disponible. Inténtalo de nuevo.',
  ],
  ['bookingSucceeded', 'Tu cita ha sido reservada con éxito'],
  ['loadMyDataFailed', 'No se pudieron cargar tus datos. Por favor, recarga la página.'],
  ['cancelFailed', 'No se pudo cancelar la cita. Inténtalo de nuevo.'],
  ['servicesLoadAdmin', 'No se pudieron cargar los servicios. Inténtalo de nuevo.'],
  ['servicesLoadPublic', 'No se pudieron cargar los servicios. Inténtalo de nuevo más tarde.'],
  ['serviceSaveFailed', 'Error al guardar el servicio.'],
  ['serviceToggleFailed', 'Error al cambiar el estado del servicio.'],
  ['serviceDeleteFailed', 'Error al eliminar el servicio permanentemente.'],
  ['serviceNotFound', 'Servicio no encontrado.'],
  ['serviceNotFoundOrUnavailable', 'Servicio no encontrado o no disponible.'],
  ['serviceLoadFailed', 'Error al cargar el servicio.'],
  ['employeesForServiceFailed', 'Error al cargar empleados para este servicio.'],
  ['realtimeFailed', 'No se pudo obtener la disponibilidad en tiempo real.'],
  ['employeesLoadFailed', 'No se pudieron cargar los empleados. Inténtalo de nuevo.'],
  ['employeeSaveFailed', 'Error al guardar el empleado.'],
  ['employeeToggleFailed', 'Error al cambiar el estado del empleado.'],
  ['employeeDeleteFailed', 'Error al eliminar el empleado permanentemente.'],
  [
    'linkUserNotFound',
    'No se encontró ningún usuario con ese email. El empleado debe registrarse primero.',
  ],
  [
    'linkAlreadyLinked',
    'Este usuario ya está asignado como empleado. No se puede vincular dos veces.',
  ],
  ['linkLookupFailed', 'Error al buscar el usuario.'],
  ['linkEmailRequired', 'Por favor, ingresa el email de la cuenta del usuario.'],
  [
    'linkNotConfirmed',
    'Debes hacer clic en "Vincular Cuenta" para confirmar el email del usuario.',
  ],
  ['appointmentsLoadFailed', 'No se pudieron cargar las citas.'],
  ['statusUpdateFailed', 'No se pudo actualizar el estado.'],
  ['settingsLoadFailed', 'No se pudo cargar la configuración.'],
  ['settingsSaveFailed', 'No se pudo guardar la configuración.'],
  ['settingsSaved', '¡Configuración guardada con éxito!'],
  ['signupErrorPrefix', 'Error al crear la cuenta: '],
  ['googleErrorPrefix', 'Error al iniciar sesión con Google: '],
  ['loginErrorPrefix', 'Error al iniciar sesión: '],
  ['resetErrorPrefix', 'Error al resetear contraseña: '],
  ['resetSent', 'Revisa tu correo para las instrucciones de reseteo.'],
  ['saveChangeRetrying', 'No se pudo guardar el cambio. Reintentando...'],
  ['undo', 'Deshacer'],
  ['scheduleEndBeforeStart', 'La hora de cierre debe ser posterior a la de apertura.'],
  ['unauthenticated', 'Inicia sesión para continuar.'],
  ['forbidden', 'No tienes permiso para hacer esto.'],
  ['invalidInput', 'Revisa los datos enviados.'],
  ['cancelledBanner', 'Tu cita ha sido cancelada.'],
];

describe('MSG verbatim texts', () => {
  it.each(VERBATIM)('%s', (key, text) => {
    expect(MSG[key]).toBe(text);
  });
});

describe('templated texts', () => {
  it.each([
    [
      cancelTooLate(24),
      'Lo sentimos, no puedes cancelar esta cita. La política del salón requiere al menos 24 horas de antelación.',
    ],
    [
      cancelTooLate(0),
      'Lo sentimos, no puedes cancelar esta cita. La política del salón requiere al menos 0 horas de antelación.',
    ],
    [
      cancelTooLate(1.5),
      'Lo sentimos, no puedes cancelar esta cita. La política del salón requiere al menos 1,5 horas de antelación.',
    ],
    [statusMarked('Completada'), 'Cita marcada como "Completada".'],
    [statusMarked('No asistió'), 'Cita marcada como "No asistió".'],
    [confirmBookingFor('09:30'), 'Confirmar Cita para las 09:30'],
    [linkFound('Lucía Pérez'), 'Usuario encontrado: Lucía Pérez. Se vinculará al guardar.'],
    [linkedTo('lucia@example.com'), 'Vinculado a la cuenta de lucia@example.com'],
    [MSG.cancelTooLate(48), cancelTooLate(48)],
    [MSG.statusMarked('X'), statusMarked('X')],
    [MSG.confirmBookingFor('10:00'), confirmBookingFor('10:00')],
    [MSG.linkFound('Ana'), linkFound('Ana')],
    [MSG.linkedTo('a@b.es'), linkedTo('a@b.es')],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('the two catalogues', () => {
  it('never use the same key twice (validate.ts and the web read them together)', () => {
    expect(Object.keys(MSG).filter((k) => k in STAFF_MSG)).toEqual([]);
  });
});

describe('every static text', () => {
  // Both catalogues: the client's (MSG) and the staff's and server's (STAFF_MSG).
  const statics = Object.entries({ ...MSG, ...STAFF_MSG } as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );

  it.each(statics)('%s is Spanish prose without leftovers', (_key, text) => {
    expect(text.trim().length).toBeGreaterThan(0);
    // No template placeholder, no technical name leaking to the user.
    expect(text).not.toMatch(/[{}]|undefined|null|Error:|_/);
    // No doubled or leading spaces (a trailing one is allowed only on the code prefixes).
    expect(text).not.toMatch(/ {2}|^ /);
  });

  it('has a trailing space only on the prefixes followed by an error code', () => {
    const withTrailingSpace = statics.filter(([, text]) => text.endsWith(' ')).map(([k]) => k);
    expect(withTrailingSpace.sort()).toEqual(
      ['googleErrorPrefix', 'loginErrorPrefix', 'resetErrorPrefix', 'signupErrorPrefix'].sort(),
    );
  });
});
