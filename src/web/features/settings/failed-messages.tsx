import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { InlineLoading } from '../../components/loading';
import { failureText } from '../../components/admin/admin-ui';
import { formatDateLong, formatTime } from '../../lib/format';
import { failedMessagesQuery } from '../../api/notifications';

const KIND_TEXT: Record<string, string> = {
  confirmation: 'Confirmación',
  cancellation: 'Cancelación',
  rescheduled: 'Cambio de hora',
  reminder: 'Recordatorio',
  consent_reminder: 'Recordatorio del consentimiento',
  reply_confirmed: 'Respuesta a "Confirmo"',
  reply_cancel_refused: 'Respuesta a "Cancelar cita"',
  reply_not_pending: 'Respuesta a un botón',
};

const CHANNEL_TEXT: Record<string, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'email' };

/** What became of her message after the refusal: the channel that reached her, or nobody. */
function reachedText(channels: string[]): string {
  return channels.length > 0 ? `Le llegó por ${channels.map((c) => CHANNEL_TEXT[c] ?? c).join(' y ')}.` : 'No le ha llegado por ningún canal: avísala tú.';
}

/**
 * Messages the queue keeps retrying (SMTP down, a mailbox refusing, a provider not answering: ADR
 * 021), and the WhatsApp and SMS messages a provider refused for good in the last 14 days, with what
 * reached her instead (ADR 055, 056), for the admin to act on.
 */
export function FailedMessages() {
  const failed = useQuery({ ...failedMessagesQuery(), refetchInterval: 60_000 });
  return (
    <section aria-labelledby="failed-messages-title" className="mt-8 rounded-[var(--radius-card)] bg-white p-5 shadow-soft">
      <h2 id="failed-messages-title" className="font-serif text-xl text-ink">
        {STAFF_MSG.failedMessagesTitle}
      </h2>
      {failed.isPending ? (
        <InlineLoading text="Cargando..." />
      ) : failed.isError ? (
        <Alert>{failureText(failed.error, MSG.settingsLoadFailed)}</Alert>
      ) : failed.data.messages.length === 0 && failed.data.refused.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{STAFF_MSG.failedMessagesNone}</p>
      ) : (
        <ul className="mt-3 divide-y divide-rose-100">
          {failed.data.messages.map((m) => (
            <li key={m.key} className="py-2 text-sm">
              <p className="text-ink">
                {KIND_TEXT[m.kind] ?? m.kind} ({m.recipient === 'client' ? 'cliente' : 'profesional'}) · {m.attempts} de {m.maxAttempts}{' '}
                intentos · próximo intento {formatDateLong(m.nextAttempt)} a las {formatTime(m.nextAttempt)}
              </p>
              <p className="break-all text-xs text-muted">{m.lastError}</p>
            </li>
          ))}
        </ul>
      )}
      {failed.data && failed.data.refused.length > 0 ? (
        <ul className="mt-3 divide-y divide-rose-100" aria-label="Rechazados por WhatsApp o SMS">
          {failed.data.refused.map((m) => (
            <li key={m.key} className="py-2 text-sm">
              <p className="text-ink">
                {KIND_TEXT[m.kind] ?? m.kind} por {CHANNEL_TEXT[m.channel] ?? m.channel} · rechazado el {formatDateLong(m.at)} a las {formatTime(m.at)}. {reachedText(m.reachedBy)}
              </p>
              <p className="break-all text-xs text-muted">{m.failure}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
