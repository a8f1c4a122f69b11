import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { validateSignup } from '../../../domain/signup-rules';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { authApi } from '../../api/accounts';
import { authErrorText } from './auth-error-text';
import { AuthCard } from './auth-card';

/** Where the mailed link lands (better-auth redirects here with ?token=… or ?error=INVALID_TOKEN). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(token ? null : authErrorText(MSG.resetErrorPrefix, params.get('error') ?? 'INVALID_TOKEN'));
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateSignup({ email: 'x', password, confirmPassword: confirm });
    if (problem) return setError(problem);
    if (!token) return;
    setPending(true);
    const r = await authApi.resetPassword(token, password);
    setPending(false);
    if (!r.ok) return setError(authErrorText(MSG.resetErrorPrefix, r.code));
    navigate('/login?reset=ok', { replace: true });
  }

  return (
    <AuthCard
      title="Elige una contraseña nueva"
      footer={
        <Link to="/forgot-password" className="font-medium text-rose-800 underline-offset-4 hover:underline">
          Pedir otro enlace
        </Link>
      }
    >
      <Form onSubmit={submit} className="space-y-4" aria-label="Nueva contraseña">
        <TextField label="Nueva contraseña" type="password" name="password" autoComplete="new-password" description="Al menos 6 caracteres; 12 si trabajas en el salón." value={password} onChange={setPassword} />
        <TextField label="Confirmar contraseña" type="password" name="confirmPassword" autoComplete="new-password" value={confirm} onChange={setConfirm} />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" className="w-full" isDisabled={pending || !token}>
          {pending ? 'Guardando...' : 'Guardar contraseña'}
        </Button>
      </Form>
    </AuthCard>
  );
}
