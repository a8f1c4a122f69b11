import { MSG } from '../../../domain/texts/common';

// A few codes in words a client understands; the code itself stays at the end (SPEC §8 says
// the message carries the error code). See docs/decisions/002-auth-error-texts.md.
const REASONS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'email o contraseña incorrectos',
  USER_ALREADY_EXISTS: 'ya existe una cuenta con ese email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'ya existe una cuenta con ese email',
  INVALID_EMAIL: 'el email no es válido',
  PASSWORD_TOO_SHORT: 'la contraseña es demasiado corta',
  PASSWORD_TOO_LONG: 'la contraseña es demasiado larga',
  TOO_MANY_REQUESTS: 'demasiados intentos, espera un momento',
  INVALID_TOKEN: 'el enlace no es válido o ha caducado',
  NETWORK_ERROR: 'no hay conexión con el servidor',
  PROVIDER_NOT_FOUND: 'el acceso con Google no está disponible',
  OAUTH_PROVIDER_NOT_FOUND: 'el acceso con Google no está disponible',
  ACCESS_DENIED: 'has cancelado el acceso',
  // The password and sign-in rules of docs/decisions/025-abuse-limits-and-sign-in.md
  PASSWORD_TOO_COMMON: 'esa contraseña es demasiado común, elige otra',
  STAFF_PASSWORD_TOO_SHORT: 'el personal necesita una contraseña de al menos 12 caracteres',
  EMAIL_NOT_VERIFIED: 'Google no ha confirmado el email de esta cuenta',
  // ADR 032: a name is one line
  NAME_CONTROL_CHARACTERS: 'el nombre tiene caracteres no permitidos',
  // The sign-up's optional phone (ADR 057): for WhatsApp or SMS, so a mobile
  PHONE_INVALID: 'el teléfono no es válido',
  PHONE_NOT_MOBILE: 'el teléfono no es un móvil (para WhatsApp o SMS hace falta un móvil)',
  // A client account just linked as an employee (ADR 030)
  STAFF_PASSWORD_RESET_REQUIRED: 'el personal necesita una contraseña de al menos 12 caracteres: créala con «¿Olvidaste tu contraseña?»',
};

// better-auth's answer when no Google provider is configured (GOOGLE_CLIENT_ID unset): nothing the
// client did wrong and nothing an error code explains, so it gets a plain sentence.
const GOOGLE_NOT_CONFIGURED = new Set(['PROVIDER_NOT_FOUND', 'OAUTH_PROVIDER_NOT_FOUND']);

/** What the Google button says when the sign-in could not start or came back with an error. */
export function googleErrorText(code: string): string {
  const normal = code.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return GOOGLE_NOT_CONFIGURED.has(normal) ? MSG.googleUnavailable : authErrorText(MSG.googleErrorPrefix, code);
}

export function authErrorText(prefix: string, code: string): string {
  const normal = code.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  const reason = REASONS[normal];
  return reason ? `${prefix}${reason} (${normal})` : `${prefix}${normal}`;
}
