import { Check, MessageCircle, PhoneOff } from 'lucide-react';
import { MESSAGING_MSG } from '../../domain/texts/messaging';
import { buttonClass } from './button';

/**
 * The desk's WhatsApp reminder of one visit (docs/decisions/057): a wa.me link, prefilled by the
 * server with the reminder and her confirm/cancel link, opened in WhatsApp; the tap also calls
 * `onSent` ("Recordatorio enviado"). No mobile: nothing to tap.
 */
export function WhatsappReminder({ url, sentAt, onSent, label = 'Enviar por WhatsApp' }: { url: string | null; sentAt: string | null; onSent: () => void; label?: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" onClick={onSent} className={buttonClass(sentAt ? 'secondary' : 'primary', 'min-h-11 px-4 py-2 text-sm')}>
          <MessageCircle className="h-4 w-4" aria-hidden /> {sentAt ? 'Enviar otra vez' : label}
        </a>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-sm text-muted">
          <PhoneOff className="h-4 w-4" aria-hidden /> {MESSAGING_MSG.noMobile}
        </span>
      )}
      {sentAt && (
        <span className="inline-flex items-center gap-1 rounded-full bg-sage-100 px-2.5 py-1 text-xs font-medium text-sage-800">
          <Check className="h-3.5 w-3.5" aria-hidden /> {MESSAGING_MSG.reminderSent}
        </span>
      )}
    </span>
  );
}
