import { useState, type FormEvent } from 'react';

// A form's sending, as the till's forms and a payment line's void do it: one send at a time
// (`pending` keeps the button off), the server's Spanish message when it refuses, or the form's
// own `failed` text when nothing readable came back (the network dropped).

export function useSubmit(send: () => Promise<unknown>, failed: string) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    send()
      .catch((err: unknown) => setError(err instanceof Error ? err.message : failed))
      .finally(() => setPending(false));
  };
  return { error, pending, onSubmit };
}
