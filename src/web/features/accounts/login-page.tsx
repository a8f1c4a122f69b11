import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { homeOf, useRefreshSession } from '../../api/session';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { authApi } from '../../api/accounts';
import { returnPathOf, RETURN_FLAG } from '../../lib/return-to';
import { authErrorText } from './auth-error-text';
import { AuthCard, Divider } from './auth-card';
import { GoogleButton } from './google-button';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefreshSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const reset = params.get('reset') === 'ok';
  // Where "Eliminar mi cuenta" (Mis Citas, docs/decisions/026-admin-email-and-account-deletion.md) lands: the account and its sessions are gone.
  const deleted = params.get('cuenta') === 'eliminada';
  // From the public page's "Confirmar" (ADR 078): back to its confirmation step.
  const back = returnPathOf(params);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) return setError(MSG.signupMissingFields);
    setPending(true);
    setError(null);
    const r = await authApi.signIn(email.trim(), password);
    if (!r.ok) {
      setPending(false);
      return setError(authErrorText(MSG.loginErrorPrefix, r.code));
    }
    const user = await refresh();
    navigate(back ?? homeOf(user?.role), { replace: true });
  }

  return (
    <AuthCard
      title="Hola de nuevo"
      subtitle="Entra para reservar y ver tus citas."
      footer={
        <>
          ¿Aún no tienes cuenta?{' '}
          <Link to={back ? `/signup?${RETURN_FLAG}=1` : '/signup'} className="font-medium text-rose-800 underline-offset-4 hover:underline">
            Crear cuenta
          </Link>
        </>
      }
    >
      {reset && (
        <div className="mb-5">
          <Alert tone="success">Tu contraseña se ha cambiado. Ya puedes entrar con la nueva.</Alert>
        </div>
      )}
      {deleted && (
        <div className="mb-5">
          <Alert tone="success">Tu cuenta se ha eliminado. Gracias por habernos visitado.</Alert>
        </div>
      )}
      {/* The form is in the server's HTML (docs/decisions/014): if it is ever sent without its
          script (public/boot.js holds a submit until the app has hydrated; none if the scripts
          failed to load), the password goes in a POST body the server answers with a redirect
          back here, never in the address as a GET form's default would put it. */}
      <Form onSubmit={submit} method="post" className="space-y-4" aria-label="Iniciar sesión">
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        <TextField label="Contraseña" type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="rounded text-sm font-medium text-rose-800 underline-offset-4 hover:underline">
            ¿Olvidaste tu contraseña?
          </Link>
        </div>
        {error && <Alert>{error}</Alert>}
        <Button type="submit" className="w-full" isDisabled={pending}>
          {pending ? 'Entrando...' : 'Iniciar sesión'}
        </Button>
      </Form>
      <Divider text="o" />
      <GoogleButton label="Continuar con Google" returnTo={back} initialError={params.get('from') === 'google' ? (params.get('error') ?? 'unknown') : null} />
    </AuthCard>
  );
}
