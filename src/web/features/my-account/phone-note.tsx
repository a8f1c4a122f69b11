import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircle, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { inputClass } from '../../components/input-class';
import { Button } from '../../components/button';
import { contactQuery, dismissPhoneNote, saveContact } from '../../api/my-account';

/**
 * After a Google sign-up (no form asked for it), Mis Citas offers to add a mobile once
 * (docs/decisions/057): a note above her appointments, never in her way; "Ahora no" closes it for
 * good. Its own chunk, loaded after the page.
 */
export default function PhoneNote() {
  const qc = useQueryClient();
  const contact = useQuery(contactQuery());
  const [phone, setPhone] = useState('');
  const done = (data: Awaited<ReturnType<typeof dismissPhoneNote>>) => qc.setQueryData(contactQuery().queryKey, data);
  const save = useMutation({ mutationFn: saveContact, onSuccess: done });
  const dismiss = useMutation({ mutationFn: dismissPhoneNote, onSuccess: done });
  if (!contact.data?.showPhoneNote) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (phone.trim()) save.mutate({ phone: phone.trim(), messageChannel: contact.data.messageChannel });
  };
  return (
    <aside aria-labelledby="nota-movil" className="relative mb-6 rounded-[var(--radius-card)] border border-rose-100 bg-rose-50 p-4 pr-12 sm:p-5 sm:pr-14">
      <button
        type="button"
        onClick={() => dismiss.mutate()}
        className="absolute top-2 right-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-white hover:text-ink"
        aria-label="Ahora no"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
      <p id="nota-movil" className="flex items-center gap-2 font-medium text-ink">
        <MessageCircle className="h-4 w-4 shrink-0 text-rose-700" aria-hidden /> ¿Te recordamos tus citas por WhatsApp?
      </p>
      <p className="mt-1 text-sm text-muted">Añade tu móvil y te avisaremos por WhatsApp o SMS. Es opcional.</p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          aria-label="Tu móvil"
          placeholder="612 34 56 78"
          value={phone}
          onChange={(e) => {
            setPhone(e.target.value);
            save.reset();
          }}
          className={`${inputClass} sm:max-w-xs`}
        />
        <Button type="submit" isDisabled={save.isPending || !phone.trim()}>
          {save.isPending ? 'Guardando...' : 'Guardar mi móvil'}
        </Button>
        <Button variant="ghost" onPress={() => dismiss.mutate()} isDisabled={dismiss.isPending}>
          Ahora no
        </Button>
      </form>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-brick">
          {save.error.message}
        </p>
      )}
    </aside>
  );
}
