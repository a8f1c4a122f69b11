import { useMutation, useQuery } from '@tanstack/react-query';
import { Search, UserPlus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { formatPhone } from '../../../domain/phone';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { inputClass } from '../../components/input-class';
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

  if (value) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-ivory/60 px-4 py-3">
        <div>
          <p className="font-semibold">{value.name}</p>
          <p className="text-sm text-muted">{[formatPhone(value.phone), value.email].filter(Boolean).join(' · ')}</p>
        </div>
        <Button variant="secondary" onPress={() => onChange(null)}>
          Cambiar
        </Button>
      </div>
    );
  }
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
      {results.data && search.trim() && (
        <ul className="max-h-56 overflow-y-auto rounded-xl border border-line" aria-label="Clientes encontrados">
          {results.data.length === 0 && <li className="px-4 py-3 text-sm text-muted">Ningún cliente coincide.</li>}
          {results.data.map((c) => (
            <li key={c.id} className="border-b border-line/60 last:border-b-0">
              <button
                type="button"
                onClick={() => onChange(c)}
                className="flex min-h-11 w-full cursor-pointer flex-col px-4 py-2 text-left hover:bg-rose-50"
              >
                <span className="font-medium">{c.name}</span>
                <span className="text-sm text-muted">{[formatPhone(c.phone), c.email].filter(Boolean).join(' · ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" onPress={() => setCreating(true)}>
        <UserPlus className="h-4 w-4" aria-hidden /> Nuevo cliente
      </Button>
    </div>
  );
}

function NewClientForm({ initial, onCreated, onCancel }: { initial: string; onCreated: (c: ClientSummary) => void; onCancel: () => void }) {
  const digits = /\d{3,}/.test(initial);
  const [name, setName] = useState(digits ? '' : initial);
  const [phone, setPhone] = useState(digits ? initial : '');
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
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Nombre
        <input className={inputClass} value={name} onChange={(e) => setName(e.target.value)} required autoFocus />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Teléfono
        <input className={inputClass} value={phone} onChange={(e) => setPhone(e.target.value)} type="tel" inputMode="tel" required />
      </label>
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
