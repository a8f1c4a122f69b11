import { useMutation } from '@tanstack/react-query';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { Button, buttonClass } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/text-field';
import { useSession } from '../../api/session';
import { deleteMyAccount, MY_DATA_EXPORT_URL } from '../../api/my-account';
import { ApiRequestError } from '../../lib/api';
import { AccountEmailStatus } from './email-confirmation';
import { ACCOUNT_MSG } from '../../../domain/texts/accounts';

// Her mobile and channel (docs/decisions/057): its own chunk.
const ContactSection = lazy(() => import('./contact-section'));

/**
 * "Tus datos" under Mis Citas (RGPD; docs/decisions/026-admin-email-and-account-deletion.md, 033): download everything the salon keeps about you as
 * JSON, and delete your account (clients only; staff accounts are the salon's to close).
 */
export function MyDataSection() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [wordError, setWordError] = useState<string | null>(null);
  const [password, setPassword] = useState('');

  const remove = useMutation({
    mutationFn: () => deleteMyAccount(password),
    onSuccess: () => {
      // Every session has ended with the account: a full reload starts clean.
      window.location.assign('/login?cuenta=eliminada');
    },
    onError: (err) => {
      // Not sure it is her: the dialog stays open with the reason, next to the password field.
      if (err instanceof ApiRequestError && err.code === 'reauthenticate') return setWordError(err.message);
      setOpen(false);
      setError(err instanceof ApiRequestError ? err.message : MSG.internal);
    },
  });

  return (
    <section
      aria-labelledby="tus-datos"
      className="mt-12 rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6"
    >
      <h2 id="tus-datos" className="flex items-center gap-2 text-2xl">
        <ShieldCheck className="h-5 w-5 text-rose-700" aria-hidden /> Tus datos
      </h2>
      <p className="mt-2 text-muted">
        Descarga todo lo que el salón guarda sobre ti (tu cuenta, tu ficha, tus citas con las notas que escribiste, los emails que te
        enviamos y tus sesiones) o elimina tu cuenta.{' '}
        <Link to="/privacidad" className="text-rose-700 underline underline-offset-2">
          Aviso de privacidad
        </Link>
      </p>
      <AccountEmailStatus />
      <Suspense fallback={null}>
        <ContactSection />
      </Suspense>
      {error && (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {/* A plain link: the server answers the JSON as a file (Content-Disposition). */}
        <a href={MY_DATA_EXPORT_URL} download className={buttonClass('secondary', 'w-full sm:w-auto')}>
          <Download className="h-4 w-4" aria-hidden /> Descargar mis datos
        </a>
        {user?.role === 'client' && (
          <Button
            variant="secondary"
            className="w-full sm:w-auto"
            onPress={() => {
              setError(null);
              setWord('');
              setPassword('');
              setWordError(null);
              setOpen(true);
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Eliminar mi cuenta
          </Button>
        )}
      </div>

      <ConfirmDialog
        isOpen={open}
        title="¿Eliminar tu cuenta?"
        confirmLabel="Eliminar mi cuenta"
        cancelLabel="No, volver"
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => {
          if (word.trim() !== 'ELIMINAR') return setWordError(MSG.accountDeleteConfirm);
          remove.mutate();
        }}
        onClose={() => setOpen(false)}
      >
        <p>
          Tus citas pendientes se cancelarán y el salón recibirá el aviso. Las citas pasadas se quedan en las cuentas del salón como «
          {MSG.deletedClientName}», sin tu nombre, tu email ni tus notas. No se puede deshacer.
        </p>
        <TextField
          className="mt-4"
          label="Escribe ELIMINAR para confirmar"
          value={word}
          onChange={(v) => {
            setWord(v);
            setWordError(null);
          }}
          autoComplete="off"
        />
        <TextField
          className="mt-4"
          label={ACCOUNT_MSG.accountDeletePasswordLabel}
          description="Si entras con Google y acabas de iniciar sesión, puedes dejarla en blanco."
          type="password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            setWordError(null);
          }}
          autoComplete="current-password"
        />
        {wordError && (
          <div className="mt-3">
            <Alert>{wordError}</Alert>
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}
