import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { CHANNEL_LABELS, MESSAGE_CHANNELS, type MessageChannel } from '../../../domain/message-channels';
import { formatPhone } from '../../../domain/phone';
import { MESSAGING_MSG } from '../../../domain/texts/messaging';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { contactQuery, saveContact } from '../../api/my-account';

const HINTS: Record<MessageChannel, string> = {
  whatsapp: 'Con botones para confirmar o cancelar.',
  sms: 'Con un enlace para confirmar o cancelar.',
  email: 'Con la cita para tu calendario.',
  none: 'Solo verás tus citas aquí.',
};

/**
 * "Tu móvil y tus avisos" in Tus datos (docs/decisions/057): her mobile and the channel the salon
 * uses for her appointments' messages. Its own chunk: Mis Citas loads it after the page.
 */
export default function ContactSection() {
  const qc = useQueryClient();
  const contact = useQuery(contactQuery());
  const [phone, setPhone] = useState('');
  const [channel, setChannel] = useState<MessageChannel | null>(null);
  useEffect(() => {
    if (!contact.data) return;
    setPhone(formatPhone(contact.data.phone));
    setChannel(contact.data.messageChannel);
  }, [contact.data]);
  const save = useMutation({
    mutationFn: saveContact,
    onSuccess: (data) => qc.setQueryData(contactQuery().queryKey, data),
  });
  if (contact.isPending) return null;
  if (contact.isError) return <p className="mt-5 text-sm text-brick">{MESSAGING_MSG.contactLoadFailed}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ phone: phone.trim() || null, messageChannel: channel });
  };
  return (
    <form onSubmit={submit} aria-labelledby="tus-avisos" className="mt-6 border-t border-line/70 pt-5">
      <h3 id="tus-avisos" className="flex items-center gap-2 text-lg font-medium">
        <MessageCircle className="h-4 w-4 text-rose-700" aria-hidden /> Tu móvil y tus avisos
      </h3>
      <p className="mt-1 text-sm text-muted">Te avisamos de tus citas: la confirmación, el recordatorio y los cambios. Nunca publicidad.</p>
      <TextField
        className="mt-4 max-w-sm"
        label="Teléfono"
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        description="Tu móvil, para recordatorios por WhatsApp o SMS."
        value={phone}
        onChange={(v) => {
          setPhone(v);
          save.reset();
        }}
      />
      <fieldset className="mt-5">
        <legend className="text-sm font-medium text-ink">¿Cómo prefieres que te avisemos?</legend>
        {channel === null && <p className="mt-1 text-xs text-muted">Sin elegir: por WhatsApp si nos das tu móvil; si no, por email.</p>}
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {MESSAGE_CHANNELS.map((c) => (
            <label
              key={c}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-white px-4 py-3 has-[:checked]:border-rose-500 has-[:checked]:bg-rose-50"
            >
              <input
                type="radio"
                name="messageChannel"
                value={c}
                checked={channel === c}
                onChange={() => {
                  setChannel(c);
                  save.reset();
                }}
                className="mt-1 accent-rose-700"
              />
              <span>
                <span className="block font-medium">{CHANNEL_LABELS[c]}</span>
                <span className="block text-xs text-muted">{HINTS[c]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-col gap-3 empty:hidden">
        {save.isSuccess && <Alert tone="success">{MESSAGING_MSG.contactSaved}</Alert>}
        {save.isError && <Alert>{save.error.message}</Alert>}
      </div>
      <Button type="submit" variant="secondary" className="mt-4 w-full sm:w-auto" isDisabled={save.isPending}>
        {save.isPending ? 'Guardando...' : 'Guardar mis avisos'}
      </Button>
    </form>
  );
}
