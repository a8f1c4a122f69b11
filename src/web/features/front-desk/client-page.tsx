import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BellOff } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { formatPhone } from '../../../domain/phone';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { ClientWaitingList } from './client-waiting-list';
import { StatusBadge } from '../../components/status-badge';
import { inputClass } from '../../components/input-class';
import { chevron, selectClass } from '../../components/select-class';
import { CHANNEL_LABELS, isMessageChannel, MESSAGE_CHANNELS } from '../../../domain/message-channels';
import { useSession } from '../../api/session';
import { formatDateLong, formatDateShort, formatEuros, formatTime } from '../../lib/format';
import { ClientBonos } from './client-bonos';
import { ClientConsents } from './client-consents';
import { AttachConfirmDialog, needsAttachConfirm } from './attach-confirm';
import { useClientWhatsapp } from './client-whatsapp';
import { clientQuery, updateClient, type ClientInput, type ClientPageData } from '../../api/front-desk';

type Row = ClientPageData['upcoming'][number];

function Appointments({ title, rows, action }: { title: string; rows: Row[]; action?: (appointmentId: string) => ReactNode }) {
  return (
    <section className="mt-8" aria-label={title}>
      <h2 className="mb-3 font-serif text-2xl">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-muted">Ninguna.</p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-white">
          {rows.map((a) => (
            <li key={a.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <span>
                <span className="inline-block font-medium first-letter:uppercase">{formatDateLong(new Date(a.startTime))}</span>,{' '}
                {formatTime(new Date(a.startTime))} · {a.serviceName} · {a.employeeName}
              </span>
              <span className="flex flex-wrap items-center gap-3">
                <span className="text-sm text-muted">{formatEuros(Number(a.price))}</span>
                <StatusBadge status={a.status} />
                {action?.(a.id)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A client's page (docs/decisions/019-client-records.md): contact, private notes (staff only), totals, upcoming and past appointments. */
export default function ClientPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, error } = useQuery(clientQuery(id));
  const { user } = useSession();
  const whatsapp = useClientWhatsapp(id);
  if (isPending) return <InlineLoading text="Cargando cliente..." />;
  if (isError) return <Alert>{error.message}</Alert>;
  return (
    <div>
      <Link to="/admin/clients" className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Clientes
      </Link>
      <PageHeader
        title={data.client.name}
        subtitle={[formatPhone(data.client.phone), data.client.email, data.client.hasAccount ? 'Con cuenta en Auna' : 'Sin cuenta']
          .filter(Boolean)
          .join(' · ')}
        actions={<ClientWaitingList client={data.client} />}
      />
      {data.client.remindersStopped && (
        // She stopped them from an email's link (or in Mis Citas): the salon should not call it a fault (ADR 029).
        <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm text-amber-800">
          <BellOff className="h-4 w-4" aria-hidden /> {STAFF_MSG.remindersStoppedByClient}
        </p>
      )}
      <dl className="grid grid-cols-3 gap-3 sm:max-w-xl" aria-label="Totales">
        {[
          ['Visitas', String(data.totals.visits)],
          ['No asistió', String(data.totals.noShows)],
          ['Gastado', formatEuros(data.totals.spent)],
        ].map(([k, v]) => (
          <div key={k} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft">
            <dt className="text-sm text-muted">{k}</dt>
            <dd className="font-serif text-2xl">{v}</dd>
          </div>
        ))}
      </dl>
      <RecordAudit audit={data.audit} />
      <EditClient id={id} data={data} />
      <ClientBonos clientId={id} isAdmin={user?.role === 'admin'} />
      {/* Need-to-know (ADR 051, 063): the desk hands the tablet over but reads no answers, so no list to be refused. */}
      {user?.role !== 'receptionist' && <ClientConsents clientId={id} isAdmin={user?.role === 'admin'} />}
      <Appointments title="Próximas citas" rows={data.upcoming} action={whatsapp} />
      <Appointments title="Historial" rows={data.past} />
    </div>
  );
}

/** Who created the record and who changed it last (ADR 033). */
function RecordAudit({ audit }: { audit: ClientPageData['audit'] }) {
  const line = (label: string, e: { byName: string; at: string } | null) =>
    e && (
      <p>
        {label} {e.byName} el {formatDateShort(new Date(e.at))}, {formatTime(new Date(e.at))}
      </p>
    );
  if (!audit.created && !audit.updated) return null;
  return (
    <div className="mt-4 text-sm text-muted" aria-label="Historial de la ficha">
      {line('Creada por', audit.created)}
      {line('Modificada por', audit.updated)}
    </div>
  );
}

function EditClient({ id, data }: { id: string; data: ClientPageData }) {
  const qc = useQueryClient();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const update = useMutation({ mutationFn: (json: ClientInput) => updateClient(id, json) });
  const [form, setForm] = useState({
    name: data.client.name,
    phone: formatPhone(data.client.phone),
    email: data.client.email ?? '',
    notes: data.client.notes,
    messageChannel: data.client.messageChannel ?? '',
  });
  useEffect(() => {
    setForm({ name: data.client.name, phone: formatPhone(data.client.phone), email: data.client.email ?? '', notes: data.client.notes, messageChannel: data.client.messageChannel ?? '' });
  }, [data.client]);
  const asking = needsAttachConfirm(update.error);
  const save = (confirmAttach?: boolean) =>
    update.mutate(
      { name: form.name, phone: form.phone, email: form.email.trim() || null, notes: form.notes, messageChannel: isMessageChannel(form.messageChannel) ? form.messageChannel : null, confirmAttach },
      {
        onSuccess: () => {
          toast.success(STAFF_MSG.clientSaved);
          void qc.invalidateQueries({ queryKey: clientQuery(id).queryKey });
        },
      },
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save();
  };
  const field = (k: keyof typeof form) => ({
    value: form[k],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value }),
  });
  return (
    <form
      onSubmit={submit}
      className="mt-6 grid gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:grid-cols-3"
      aria-label="Datos del cliente"
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Nombre
        <input className={inputClass} {...field('name')} required />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Teléfono
        <input className={inputClass} {...field('phone')} type="tel" required />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Email
        {/* Only the admin changes it: the email is what gives a record, and its history, to an account. */}
        <input
          className={inputClass}
          {...field('email')}
          type="email"
          readOnly={!isAdmin}
          aria-describedby={isAdmin ? undefined : 'email-admin-only'}
        />
        {!isAdmin && (
          <span id="email-admin-only" className="text-xs font-normal text-muted">
            {STAFF_MSG.clientEmailAdminOnly}
          </span>
        )}
      </label>
      {/* ADR 057: her choice, which the desk may change for her (WhatsApp and SMS need a mobile). */}
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Avisos de sus citas
        <select className={selectClass} style={chevron} {...field('messageChannel')}>
          <option value="">Sin elegir (WhatsApp si tiene móvil; si no, email)</option>
          {MESSAGE_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium sm:col-span-3">
        Notas privadas (alergias, preferencias; el cliente no las ve)
        <textarea className={`${inputClass} min-h-24`} {...field('notes')} maxLength={2000} />
      </label>
      <AttachConfirmDialog isOpen={asking} pending={update.isPending} onConfirm={() => save(true)} onClose={() => update.reset()} />
      {update.isError && !asking && (
        <div className="sm:col-span-3">
          <Alert>{update.error.message}</Alert>
        </div>
      )}
      <div className="sm:col-span-3">
        <Button type="submit" isDisabled={update.isPending}>
          {update.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
    </form>
  );
}
