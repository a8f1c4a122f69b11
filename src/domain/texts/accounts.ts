// The texts of «Reenviar email de confirmación» a client sees in Mis Citas (the November review,
// docs/decisions/030). Their own module, imported only where the button is: in MSG they would be
// downloaded by every client first view (test/bundle-budget.test.ts). The server's answers to the
// button are in STAFF_MSG, as every server answer.

export const ACCOUNT_MSG = {
  emailUnconfirmed:
    'Tu email aún no está confirmado. Confírmalo con el enlace que te enviamos para que el salón pueda unir tu historial a tu cuenta.',
  resendVerification: 'Reenviar email de confirmación',
  verificationResendFailed: 'No se pudo enviar el email de confirmación. Inténtalo de nuevo en unos minutos.',
  // Deleting the account (ADR 033).
  accountDeleteReauth:
    'Por seguridad, escribe tu contraseña para eliminar tu cuenta. Si entras con Google, cierra sesión y vuelve a entrar (tienes 5 minutos).',
  accountDeletePasswordLabel: 'Tu contraseña',
} as const;
