// A professional given access from her employee record (docs/decisions/084-staff-access-from-the-record.md,
// 085-staff-without-an-email.md): the employee form's access part, the first sign-in and the server's answers.

export const ACCESS_MSG = {
  sectionTitle: 'Acceso a Auna',
  sectionHelp: 'Sin una cuenta, los clientes no pueden reservar con ella, no tiene columna en la agenda del día ni cifras en Informes.',
  noAccount: 'Todavía no tiene acceso.',
  giveAccess: 'Dar acceso',
  loginEmailLabel: 'Email para entrar',
  loginEmailHelp: 'Su email, o si no tiene uno propio, un nombre de acceso del salón (nadie recibe correo en él).',
  useSalonLogin: 'No tiene email: usar un nombre de acceso',
  firstPasswordLabel: 'Contraseña inicial',
  firstPasswordHelp: 'Al menos 12 caracteres. Dásela en persona: la cambiará al entrar por primera vez.',
  generatePassword: 'Generar',
  accessGiven: 'Acceso dado. Al entrar por primera vez elegirá su propia contraseña.',
  // The server's answers.
  passwordChangeRequired: 'Antes de seguir, elige tu propia contraseña.',
  employeeInactive: 'Este profesional está dado de baja: actívalo antes de darle acceso.',
  alreadyHasAccess: 'Este profesional ya tiene una cuenta vinculada.',
  emailInvalid: 'Escribe un email válido para que pueda entrar.',
  emailHasAccount: 'Ese email ya tiene una cuenta en Auna: vincúlala con «Vincular cuenta» en lugar de crear otra.',
  passwordRequired: 'Escribe la contraseña inicial.',
  // Her first sign-in.
  changeTitle: 'Elige tu contraseña',
  changeIntro: 'El salón te ha dado una contraseña inicial. Antes de empezar, cámbiala por una que solo sepas tú.',
  currentPasswordLabel: 'Contraseña inicial',
  newPasswordLabel: 'Nueva contraseña',
  newPasswordHelp: 'Al menos 12 caracteres.',
  changeSubmit: 'Guardar y entrar',
  changeErrorPrefix: 'No se ha podido cambiar la contraseña: ',
  currentPasswordWrong: 'La contraseña inicial no es correcta.',
  signOut: 'Cerrar sesión',
} as const;
