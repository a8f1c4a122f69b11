import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { WhatsappReminder } from '../../components/whatsapp-reminder';
import { appointmentWhatsappQuery, markReminderSent } from '../../api/messaging';

/** The appointment's one-tap WhatsApp reminder from the desk (docs/decisions/057), in its details. */
export function AppointmentWhatsapp({ appointmentId }: { appointmentId: string }) {
  const qc = useQueryClient();
  const visit = useQuery(appointmentWhatsappQuery(appointmentId));
  const mark = useMutation({
    mutationFn: () => markReminderSent(appointmentId),
    onSuccess: (v) => qc.setQueryData(appointmentWhatsappQuery(appointmentId).queryKey, v),
    onError: (err) => toast.error(err.message),
  });
  if (!visit.data) return null;
  return (
    <section className="mt-4 rounded-xl border border-line p-4" aria-label="Recordatorio por WhatsApp">
      <h3 className="mb-2 text-sm font-medium text-muted">Recordatorio por WhatsApp</h3>
      <WhatsappReminder url={visit.data.whatsappUrl} sentAt={visit.data.reminderSentAt} onSent={() => mark.mutate()} />
    </section>
  );
}
