import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CHANNEL_LABELS } from '../../../domain/message-channels';
import { formatPhone } from '../../../domain/phone';
import { Alert } from '../../components/alert';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { WhatsappReminder } from '../../components/whatsapp-reminder';
import { markReminderSent, tomorrowRemindersQuery, type DeskVisit } from '../../api/messaging';
import { formatDateLong, formatTime } from '../../lib/format';

// The day of the salon a YYYY-MM-DD names, at noon UTC: its weekday and date in Madrid whatever the zone.
const dayOf = (date: string) => new Date(`${date}T12:00:00Z`);
const channelName = (c: string | null) => (c && c in CHANNEL_LABELS ? CHANNEL_LABELS[c as keyof typeof CHANNEL_LABELS] : null);

function VisitRow({ v, onSent }: { v: DeskVisit; onSent: () => void }) {
  const automatic = v.reminderChannel && v.reminderChannel !== 'whatsapp_link' ? channelName(v.reminderChannel) : null;
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-5 sm:px-5">
      <span className="font-serif text-2xl tabular-nums text-rose-800 sm:w-16">{formatTime(new Date(v.startTime))}</span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">
          {v.clientRecordId ? (
            <Link className="underline-offset-4 hover:underline" to={`/admin/clients/${v.clientRecordId}`}>
              {v.clientName}
            </Link>
          ) : (
            v.clientName
          )}
        </span>
        <span className="block text-sm text-muted">
          {v.serviceName} · {v.employeeName}
          {v.phone && <> · {formatPhone(v.phone)}</>}
        </span>
        <span className="mt-1 flex flex-wrap gap-2 empty:hidden">
          {v.clientConfirmedAt && (
            <span className="inline-flex items-center gap-1 rounded-full bg-sage-100 px-2.5 py-0.5 text-xs font-medium text-sage-800">
              <CheckCheck className="h-3.5 w-3.5" aria-hidden /> Confirmó que viene
            </span>
          )}
          {automatic && <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs text-muted">Recordatorio por {automatic}</span>}
        </span>
      </span>
      <WhatsappReminder url={v.whatsappUrl} sentAt={v.reminderSentAt} onSent={onSent} />
    </li>
  );
}

/**
 * "Recordatorios de mañana" (docs/decisions/057): tomorrow's visits, each with a one-tap WhatsApp
 * reminder from the salon's own phone (wa.me), prefilled with her confirm/cancel link. Works with
 * no provider at all; a tap marks "Recordatorio enviado".
 */
export default function TomorrowRemindersPage() {
  const qc = useQueryClient();
  const list = useQuery(tomorrowRemindersQuery());
  const mark = useMutation({
    mutationFn: markReminderSent,
    onSuccess: (visit) =>
      qc.setQueryData(tomorrowRemindersQuery().queryKey, (old) => old && { ...old, visits: old.visits.map((x) => (x.appointmentId === visit.appointmentId ? visit : x)) }),
    onError: (err) => toast.error(err.message),
  });
  return (
    <div>
      <PageHeader
        title="Recordatorios de mañana"
        subtitle={
          list.data ? (
            <span className="first-letter:uppercase inline-block">
              {formatDateLong(dayOf(list.data.date))}: un toque abre WhatsApp con el recordatorio y su enlace para confirmar o cancelar.
            </span>
          ) : undefined
        }
      />
      {list.isPending ? (
        <InlineLoading text="Cargando las citas de mañana..." />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : list.data.visits.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-10 text-center text-muted">Mañana no hay citas.</div>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft" aria-label="Citas de mañana">
          {list.data.visits.map((v) => (
            <VisitRow key={v.appointmentId} v={v} onSent={() => mark.mutate(v.appointmentId)} />
          ))}
        </ul>
      )}
    </div>
  );
}
