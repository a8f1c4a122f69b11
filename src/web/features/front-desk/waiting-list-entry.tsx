import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPhone } from '../../../domain/phone';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { entryWhenText } from '../../../domain/waiting-list';
import { offerTime, withdrawDeskEntry, type DeskEntry } from '../../api/waiting-list';
import { Alert } from '../../components/alert';
import { buttonClass } from '../../components/button';

// One client on the day's waiting list (ADR 073): who, what, when she can, and the times free now
// that fit her, each offered with one tap through her channel ('none': the desk gets the link).

const CHANNEL_TEXT: Record<string, string> = {
  whatsapp: 'por WhatsApp',
  sms: 'por SMS',
  email: 'por correo',
  none: 'sin aviso: envíale tú el enlace',
};

export function WaitingListEntry({ entry, date }: { entry: DeskEntry; date: string }) {
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
    <li className="flex flex-col gap-2 border-b border-line/70 py-3 last:border-b-0" aria-label={entry.clientName}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{entry.clientName}</p>
          {entry.clientPhone && <p className="text-sm whitespace-nowrap text-muted tabular-nums">{formatPhone(entry.clientPhone)}</p>}
          <p className="text-sm text-ink/80">
            {entry.serviceName} · {entry.employeeName ?? 'Cualquier profesional'}
          </p>
          <p className="text-sm text-muted">Puede {entryWhenText(entry)}</p>
        </div>
        <button
          type="button"
          className="min-h-11 shrink-0 px-1 text-sm text-muted underline"
          onClick={() => withdraw.mutate()}
          disabled={withdraw.isPending}
          aria-label={`Retirar a ${entry.clientName} de la lista`}
        >
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
