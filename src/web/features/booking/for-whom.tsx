import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { ANY_PROFESSIONAL } from '../../../domain/booking-rules';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { isDeskRole } from '../../../domain/roles';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ChosenClient, ClientResults } from '../../components/client-results';
import { inputClass } from '../../components/input-class';
import { staffBook } from '../../api/booking';
import { clientsQuery, type ClientSummary } from '../../api/front-desk';
import { staffBookVisit } from '../../api/visits';
import { ApiRequestError } from '../../lib/api';
import { NewClientInline } from './new-client-inline';
import type { Booker } from './use-book';
import { setBookingForOther } from './booking-for-other';

// docs/decisions/087: staff booking from the client's booking page are asked "¿Para quién es la cita?".
// "Para mí" (first, the default) leaves the page's own request untouched (the spec's flow); a
// client record sends the same choices through the staff booking instead, and the server decides
// who may book with whom. Its own chunk: a client never downloads it.

type Props = {
  me: { uid: string; role: string };
  booker: RefObject<Booker | null>;
  professionals: { id: string; userId?: string | null }[] | undefined;
  professionalId: string;
  onProfessional: (id: string) => void;
  /** Her choice when she opened the visit planner: its client is chosen again on her way back. */
  initial: Booker | null;
};

export default function ForWhom({ me, booker, professionals, professionalId, onProfessional, initial }: Props) {
  const [forClient, setForClient] = useState(initial?.client !== undefined);
  const [client, setClient] = useState<ClientSummary | null>(initial?.client ?? null);
  const name = useId();

  // With herself by default, once she books for someone (a colleague is still hers to choose).
  const own = professionals?.find((p) => p.userId === me.uid);
  useEffect(() => {
    if (client && own && (professionalId === '' || professionalId === ANY_PROFESSIONAL)) onProfessional(own.id);
  }, [client, own, professionalId, onProfessional]);

  // What "Confirmar" sends: nothing of ours for "Para mí", the staff booking for a client; "Para un
  // cliente" without one yet books nobody (never herself by mistake).
  useEffect(() => {
    booker.current = !forClient ? null : client ? bookFor(client, me.role) : noClientYet;
    setBookingForOther(forClient);
    return () => {
      booker.current = null;
      setBookingForOther(false);
    };
  }, [booker, client, forClient, me.role]);

  return (
    <div className="rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6" data-testid="for-whom">
      <fieldset>
        <legend className="font-serif text-2xl">¿Para quién es la cita?</legend>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <Choice name={name} checked={!forClient} onChange={() => setForClient(false)} label="Para mí" />
          <Choice name={name} checked={forClient} onChange={() => setForClient(true)} label="Para un cliente" />
        </div>
      </fieldset>
      {forClient && (
        <div className="mt-4">
          <ClientChoice value={client} onChange={setClient} />
        </div>
      )}
    </div>
  );
}

function Choice({ name, checked, onChange, label }: { name: string; checked: boolean; onChange: () => void; label: string }) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-4 py-2 font-medium ${checked ? 'border-rose-700 bg-rose-50 text-rose-900' : 'border-line'}`}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="accent-rose-700" />
      {label}
    </label>
  );
}

const refuse = (code: string, message: string) => Promise.reject(new ApiRequestError(400, code, message));
const noClientYet: Booker = Object.assign(() => refuse('client_required', STAFF_MSG.clientRequired), {
  visit: () => refuse('client_required', STAFF_MSG.clientRequired),
});

/** Where she lands after booking for a client: her agenda, or the desk's day, on the visit's date. */
const landing = (role: string, date: string) => (isDeskRole(role) ? `/admin/day?dia=${date}` : `/employee/agenda?fecha=${date}`);

/** The staff booking for this client, single or a visit of several services (ADR 104). */
function bookFor(client: ClientSummary, role: string): Booker {
  const single = async ({ serviceId, professionalId, date, time, notes }: Parameters<Booker>[0]) => {
    if (professionalId === ANY_PROFESSIONAL)
      throw new ApiRequestError(400, 'professional_required', 'Elige un profesional para reservar a un cliente.');
    const { bonoNote } = await staffBook({ clientId: client.id, serviceId, professionalId, date, time, notes });
    toast.success(`Cita reservada para ${client.name}.`);
    if (bonoNote) toast.warning(bonoNote, { duration: 10_000 });
    return { bonoNote: null, to: landing(role, date) };
  };
  const visit: Booker['visit'] = async (body) => {
    await staffBookVisit({ ...body, clientId: client.id });
    toast.success(`Visita reservada para ${client.name}.`);
    return { to: landing(role, body.date) };
  };
  return Object.assign(single, { visit, client });
}

/** The chosen client, or a search by name or phone (the desk's search) and "Nuevo cliente". */
function ClientChoice({ value, onChange }: { value: ClientSummary | null; onChange: (c: ClientSummary | null) => void }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setSearch(q.trim()), 200);
    return () => clearTimeout(t);
  }, [q]);
  const results = useQuery({ ...clientsQuery(search), enabled: !value && search.length > 0 });

  if (value) return <ChosenClient client={value} onChange={() => onChange(null)} />;
  if (creating) return <NewClientInline initial={q} onCreated={onChange} onCancel={() => setCreating(false)} />;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Buscar cliente
        <input className={inputClass} placeholder="Nombre o teléfono" value={q} onChange={(e) => setQ(e.target.value)} inputMode="search" />
      </label>
      {results.isError && <Alert>{results.error.message}</Alert>}
      {results.data && search && <ClientResults clients={results.data} onPick={onChange} />}
      <Button variant="secondary" onPress={() => setCreating(true)}>
        Nuevo cliente
      </Button>
    </div>
  );
}
