import { useMutation, useQuery } from '@tanstack/react-query';
import { Search, UserPlus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { inputClass } from '../../components/input-class';
import { NameAndPhoneFields, useNameAndPhone } from '../../components/new-client-fields';
import { ChosenClient, ClientResults } from '../../components/client-results';
import { AttachConfirmDialog, needsAttachConfirm } from './attach-confirm';
import { clientsQuery, createClient, type ClientSummary } from '../../api/front-desk';

/** Typing settles for 200 ms before it searches. */
function useDebounced(value: string, ms = 200) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Pick the client of a new appointment: search by name, phone or email as you type, or create one. */
export function ClientPicker({
  value,
  onChange,
  startCreating = false,
}: {
  value: ClientSummary | null;
  onChange: (c: ClientSummary | null) => void;
  startCreating?: boolean;
}) {
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(startCreating);
  const search = useDebounced(q);
  const results = useQuery({ ...clientsQuery(search), enabled: !value && !creating && search.trim().length > 0 });

  if (value) return <ChosenClient client={value} onChange={() => onChange(null)} />;
  if (creating) return <NewClientForm initial={q} onCreated={(c) => onChange(c)} onCancel={() => setCreating(false)} />;
  return (
    <div className="flex flex-col gap-2">
      <label className="relative">
        <span className="sr-only">Buscar cliente</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
        <input
          className={`${inputClass} pl-9`}
          placeholder="Nombre, teléfono o email"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          autoFocus
        />
      </label>
      {results.isError && <Alert>{results.error.message}</Alert>}
      {results.data && search.trim() && <ClientResults clients={results.data} onPick={onChange} />}
      <Button variant="secondary" onPress={() => setCreating(true)}>
        <UserPlus className="h-4 w-4" aria-hidden /> Nuevo cliente
      </Button>
    </div>
  );
}

function NewClientForm({ initial, onCreated, onCancel }: { initial: string; onCreated: (c: ClientSummary) => void; onCancel: () => void }) {
  const person = useNameAndPhone(initial);
  const { name, phone } = person;
  const [email, setEmail] = useState('');
  const create = useMutation({ mutationFn: createClient });
  const save = (confirmAttach?: boolean) =>
    create.mutate({ name, phone, email: email.trim() || null, confirmAttach }, { onSuccess: onCreated });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save();
  };
  const asking = needsAttachConfirm(create.error);
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-line p-4" aria-label="Nuevo cliente">
      <NameAndPhoneFields {...person} />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Email (opcional)
        <input className={inputClass} value={email} onChange={(e) => setEmail(e.target.value)} type="email" />
      </label>
      {create.isError && !asking && <Alert>{create.error.message}</Alert>}
      <AttachConfirmDialog isOpen={asking} pending={create.isPending} onConfirm={() => save(true)} onClose={() => create.reset()} />
      <div className="flex gap-2">
        <Button variant="secondary" onPress={onCancel}>
          Volver
        </Button>
        <Button type="submit" isDisabled={create.isPending}>
          {create.isPending ? 'Guardando...' : 'Guardar cliente'}
        </Button>
      </div>
    </form>
  );
}
