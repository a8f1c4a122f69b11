import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { authApi } from '../../api/accounts';
import { authErrorText } from './auth-error-text';
import { AuthCard } from './auth-card';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return setResult({ ok: false, text: authErrorText(MSG.resetErrorPrefix, 'INVALID_EMAIL') });
    setPending(true);
    const r = await authApi.requestReset(email.trim());
    setPending(false);
    // The same answer whether or not the account exists: no one learns who is a client.
    setResult(r.ok ? { ok: true, text: MSG.resetSent } : { ok: false, text: authErrorText(MSG.resetErrorPrefix, r.code) });
  }

  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      subtitle="Te enviaremos un enlace para elegir una nueva."
      footer={
        <Link to="/login" className="font-medium text-rose-800 underline-offset-4 hover:underline">
          Volver a iniciar sesión
        </Link>
      }
    >
      <Form onSubmit={submit} className="space-y-4" aria-label="Recuperar contraseña">
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        {result && <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
        <Button type="submit" className="w-full" isDisabled={pending}>
          {pending ? 'Enviando...' : 'Enviar enlace'}
        </Button>
      </Form>
    </AuthCard>
  );
}
