import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { validateSignup } from '../../../domain/signup-rules';
import { useRefreshSession } from '../../api/session';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { authApi } from '../../api/accounts';
import { returnPathOf, RETURN_FLAG } from '../../lib/return-to';
import { authErrorText } from './auth-error-text';
import { AuthCard, Divider } from './auth-card';
import { GoogleButton } from './google-button';

export default function SignupPage() {
  const navigate = useNavigate();
  // From the public page's "Confirmar" (ADR 078): back to its confirmation step.
  const [params] = useSearchParams();
  const back = returnPathOf(params);
  const refresh = useRefreshSession();
  const [form, setForm] = useState({ name: '', email: '', phone: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateSignup(form);
    if (problem) return setError(problem);
    setPending(true);
    setError(null);
    const r = await authApi.signUp(form.email.trim(), form.password, form.name.trim(), form.phone.trim());
    if (!r.ok) {
      setPending(false);
      return setError(authErrorText(MSG.signupErrorPrefix, r.code));
    }
    await refresh();
    navigate(back ?? '/', { replace: true });
  }

  return (
    <AuthCard
      title="Crea tu cuenta"
      subtitle="Tarda un minuto y podrás reservar cuando quieras."
      footer={
        <>
          ¿Ya tienes cuenta?{' '}
          <Link to={back ? `/login?${RETURN_FLAG}=1` : '/login'} className="font-medium text-rose-800 underline-offset-4 hover:underline">
            Inicia sesión
          </Link>
        </>
      }
    >
      {back && (
        <div className="mb-5">
          <Alert tone="info">Tu hora queda guardada: crea tu cuenta y confirma la cita.</Alert>
        </div>
      )}
      <Form onSubmit={submit} className="space-y-4" aria-label="Crear cuenta">
        <TextField label="Nombre (opcional)" name="name" autoComplete="name" value={form.name} onChange={set('name')} />
        <TextField label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} />
        {/* Optional (ADR 057): the server checks it is a mobile and keeps it on her record. */}
        <TextField
          label="Teléfono (opcional)"
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          description="Tu móvil, para recordatorios por WhatsApp o SMS."
          value={form.phone}
          onChange={set('phone')}
        />
        <TextField label="Contraseña" type="password" name="password" autoComplete="new-password" description="Al menos 6 caracteres." value={form.password} onChange={set('password')} />
        <TextField label="Confirmar contraseña" type="password" name="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" className="w-full" isDisabled={pending}>
          {pending ? 'Creando cuenta...' : 'Crear cuenta'}
        </Button>
        <p className="text-center text-xs text-muted">
          Al crear la cuenta, el salón guarda tus datos para gestionar tus citas.{' '}
          <Link to="/privacidad" className="text-rose-800 underline underline-offset-2">
            Aviso de privacidad
          </Link>
        </p>
      </Form>
      <Divider text="o" />
      <GoogleButton label="Registrarse con Google" returnTo={back} />
    </AuthCard>
  );
}
