import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { WhatsappReminder } from '../../components/whatsapp-reminder';
import { clientWhatsappQuery, markReminderSent } from '../../api/messaging';

/**
 * Her record's visits to come, each with its one-tap WhatsApp reminder from the desk
 * (docs/decisions/057): returns what a row of "Próximas citas" shows for an appointment.
 */
export function useClientWhatsapp(clientId: string) {
  const qc = useQueryClient();
  const links = useQuery(clientWhatsappQuery(clientId));
  const mark = useMutation({
    mutationFn: markReminderSent,
    onSuccess: (v) => qc.setQueryData(clientWhatsappQuery(clientId).queryKey, (old) => old?.map((x) => (x.appointmentId === v.appointmentId ? v : x))),
    onError: (err) => toast.error(err.message),
  });
  return (appointmentId: string) => {
    const v = links.data?.find((x) => x.appointmentId === appointmentId);
    return v ? <WhatsappReminder url={v.whatsappUrl} sentAt={v.reminderSentAt} onSent={() => mark.mutate(appointmentId)} /> : null;
  };
}
