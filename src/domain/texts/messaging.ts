// The texts of the phone channels (docs/decisions/057): the phone and channel rules the server
// answers with, the desk's "Recordatorios de mañana", the page of the confirm/cancel link. A module
// of its own: no client first view downloads it (the sign-up page words its codes itself).

import { hoursFormat } from './common';

export const MESSAGING_MSG = {
  phoneInvalid: 'Ese número de teléfono no es válido.',
  phoneNotMobile: 'Ese número no es un móvil: para recordatorios por WhatsApp o SMS hace falta un móvil.',
  channelInvalid: 'Elige cómo quieres recibir los avisos: WhatsApp, SMS, email o ninguno.',
  channelNeedsMobile: 'Para avisos por WhatsApp o SMS hace falta un móvil.',
  channelNeedsEmail: 'Para avisos por email hace falta un email.',
  contactSaved: 'Guardado. Te avisaremos como has elegido.',
  contactLoadFailed: 'No se pudieron cargar tus datos de contacto.',
  contactSaveFailed: 'No se pudieron guardar tus datos de contacto.',
  // The desk
  tomorrowLoadFailed: 'No se pudieron cargar los recordatorios de mañana.',
  reminderMarkFailed: 'No se pudo marcar el recordatorio como enviado.',
  reminderSent: 'Recordatorio enviado',
  noMobile: 'Sin móvil: llama por teléfono',
  // The confirm/cancel link's page (no sign-in: the signed link is the credential)
  visitLinkInvalid: 'Este enlace no es válido. Usa el del último mensaje del salón o entra en Mis Citas.',
  visitConfirmed: '¡Gracias! Has confirmado tu cita. Te esperamos.',
  visitCancelled: 'Hecho: tu cita está cancelada. El salón ya lo sabe.',
  visitNotPending: 'Esta cita ya no está pendiente: ha cambiado de hora, se ha cancelado o ya ha pasado.',
} as const;

/** A refusal inside the cancellation policy, with the salon's phone when it has one. */
export function cancelTooLateCall(hours: number, salonPhone: string): string {
  const rule = `Lo sentimos, no puedes cancelar esta cita. La política del salón requiere al menos ${hoursFormat.format(hours)} horas de antelación.`;
  return salonPhone ? `${rule} Llámanos al ${salonPhone}.` : `${rule} Habla con el salón.`;
}
