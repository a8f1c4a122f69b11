import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { PART_OF_DAY_LABEL } from '../../../domain/waiting-list';
import { deskWaitingListQuery, offerTime, withdrawDeskEntry, type DeskEntry } from '../../api/waiting-list';
import { Alert } from '../../components/alert';
import { buttonClass } from '../../components/button';

// The day's waiting list beside the day view (ADR 073): who waits for this day, first come first,
// with the times free now that fit her; one tap offers one through her channel (or, with 'none',
// gives the desk the link to send by hand). Its own chunk, loaded after the grid.

const CHANNEL_TEXT: Record<string, string> = {
  whatsapp: 'por WhatsApp',
  sms: 'por SMS',
  email: 'por correo',
  none: 'sin aviso: envíale tú el enlace',
};

function EntryRow({ entry, date }: { entry: DeskEntry; date: string }) {
  const qc = useQueryClient();
  const [told, setTold] = useState<{ channel: string; link: string; time: string } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['waiting-list', 'day', date] });
  const offer = useMutation({
    mutationFn: (t: DeskEntry['freeTimes'][number]) => offerTime(entry.id, { professionalId: t.professionalId, date, time: t.time }),
    onSuccess: (r) => setTold(r),
    onError: refresh,
  });
  const withdraw = useMutation({ mutationFn: () => withdrawDeskEntry(entry.id), onSuccess: refresh });
  return (
    <li className="flex flex-col gap-2 border-b border-line/70 py-3 last:border-b-0">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-medium">{entry.clientName}</p>
          <p className="text-sm text-muted">
            {entry.serviceName} · {entry.employeeName ?? 'Cualquier profesional'} · {PART_OF_DAY_LABEL[entry.partOfDay]}
          </p>
        </div>
        <button type="button" className="text-sm text-muted underline" onClick={() => withdraw.mutate()} disabled={withdraw.isPending}>
          Retirar
        </button>
      </div>
      {told ? (
        <p role="status" className="text-sm text-sage-800">
          {WAITING_MSG.offered} {told.time} {CHANNEL_TEXT[told.channel] ?? ''}
          {told.channel === 'none' && (
            <a className="ml-1 break-all underline" href={told.link}>
              {told.link}
            </a>
          )}
        </p>
      ) : entry.freeTimes.length === 0 ? (
        <p className="text-sm text-muted">Ninguna hora libre le encaja ahora.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {entry.freeTimes.map((t) => (
            <button
              key={`${t.professionalId}-${t.time}`}
              type="button"
              className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
              disabled={offer.isPending}
              onClick={() => offer.mutate(t)}
            >
              Ofrecer {t.time} · {t.professionalName.split(' ')[0]}
            </button>
          ))}
        </div>
      )}
      {offer.isError && <Alert>{offer.error.message}</Alert>}
    </li>
  );
}

export default function WaitingListPanel({ date }: { date: string }) {
  const list = useQuery({ ...deskWaitingListQuery(date), refetchInterval: 30_000 });
  if (list.isPending || list.isError) return null;
  return (
    <section aria-labelledby="lista-espera" className="mt-6 rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft">
      <h2 id="lista-espera" className="font-serif text-2xl">
        {WAITING_MSG.title} <span className="font-sans text-base text-muted">({list.data.length})</span>
      </h2>
      {list.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nadie espera un hueco este día.</p>
      ) : (
        <ul className="mt-2">
          {list.data.map((e) => (
            <EntryRow key={e.id} entry={e} date={date} />
          ))}
        </ul>
      )}
    </section>
  );
}
