import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { NameAndPhoneFields, useNameAndPhone } from '../../components/new-client-fields';
import { createClient, type ClientSummary } from '../../api/front-desk';

/**
 * "Nuevo cliente" on the booking page (docs/decisions/086): the desk's record with a name and a phone,
 * made through the same route and rules (the server checks the phone). No email here: an email that
 * belongs to an account asks the desk's confirmation to attach it, which stays in the client record's page.
 * A plain request, not react-query's useMutation (its code would leave the booking page's entry, ADR 009).
 */
export function NewClientInline({
  initial,
  onCreated,
  onCancel,
}: {
  initial: string;
  onCreated: (c: ClientSummary) => void;
  onCancel: () => void;
}) {
  const person = useNameAndPhone(initial);
  const { name, phone } = person;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      onCreated(await createClient({ name, phone, email: null }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 rounded-xl border border-line p-4" aria-label="Nuevo cliente">
      <NameAndPhoneFields {...person} />
      {error && <Alert>{error}</Alert>}
      <div className="flex gap-2">
        <Button variant="secondary" onPress={onCancel}>
          Volver
        </Button>
        <Button type="submit" isDisabled={pending}>
          {pending ? 'Guardando...' : 'Guardar cliente'}
        </Button>
      </div>
    </form>
  );
}
