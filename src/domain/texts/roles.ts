// The desk's role and the staff's access (docs/decisions/063-the-receptionist-role.md,
// 084-staff-access-from-the-record.md): the employee form's "Acceso" and the server's answers.

export const ROLES_MSG = {
  accessLabel: 'Acceso',
  accessProfessional: 'Profesional',
  accessProfessionalHelp: 'Atiende a clientes: su agenda, sus citas y sus ausencias.',
  accessReception: 'Recepción',
  accessReceptionHelp: 'La agenda del salón, clientes, cobros, bonos, tarjetas regalo y la caja. Sin informes, configuración ni empleados.',
  accessInvalid: 'Elige el acceso: Profesional o Recepción.',
  receptionNoServices: 'Recepción no atiende servicios: quítale los servicios o elige el acceso «Profesional».',
  receptionHasAppointments: (count: number): string =>
    `No puede pasar a Recepción: tiene ${count === 1 ? 'una cita confirmada pendiente' : `${count} citas confirmadas pendientes`} como profesional. Muévelas o cancélalas primero.`,
} as const;
