import { useIsMutating, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { statusLabel } from '../../../domain/appointment-status';
import { MSG } from '../../../domain/texts/common';
import { changeStatus, DASHBOARD_FAMILY, STATUS_CHANGE_MUTATION, type AdminAction, type AdminAppointment, type AppointmentsPage } from '../../api/appointments';
import { ApiRequestError } from '../../lib/api';

/** Whether a status change of this page is on its way (the live reload waits for it: its own reload follows it). */
export function useStatusChanging(): boolean {
  return useIsMutating({ mutationKey: STATUS_CHANGE_MUTATION }) > 0;
}

/**
 * The admin's status change on the list whose key is `key` (SPEC §4, docs/decisions/006): the row
 * leaves at once, the list reloads, and on failure the list is restored with 'No se pudo
 * actualizar el estado.' (and the server's reason for a 409). The dashboard is refreshed too.
 */
export function useStatusChange(key: readonly unknown[]) {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationKey: STATUS_CHANGE_MUTATION,
    mutationFn: ({ a, to, wholeVisit }: { a: AdminAppointment; to: AdminAction; wholeVisit?: true }) => changeStatus(a.id, to, wholeVisit),
    onMutate: async ({ a }) => {
      setError(null);
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<InfiniteData<AppointmentsPage, string | null>>(key);
      qc.setQueryData<InfiniteData<AppointmentsPage, string | null>>(key, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, appointments: p.appointments.filter((r) => r.id !== a.id) })) } : old,
      );
      return { previous, key };
    },
    onError: (err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(ctx.key, ctx.previous);
      const reason = err instanceof ApiRequestError && err.status === 409 ? err.message : null;
      setError(reason ? `${MSG.statusUpdateFailed} ${reason}` : MSG.statusUpdateFailed);
    },
    onSuccess: (updated) => {
      toast.success(MSG.statusMarked(statusLabel(updated.status)));
    },
    onSettled: (_data, _err, _vars, ctx) => {
      void qc.invalidateQueries({ queryKey: ctx?.key ?? key });
      void qc.invalidateQueries({ queryKey: DASHBOARD_FAMILY });
    },
  });
  return { change: (a: AdminAppointment, to: AdminAction, wholeVisit?: true) => mutation.mutate({ a, to, wholeVisit }), error };
}

/** Whether no status change is on its way (read in the live event's callback, outside React's render). */
export function useNoStatusChangePending(): () => boolean {
  const qc = useQueryClient();
  return () => qc.isMutating({ mutationKey: STATUS_CHANGE_MUTATION }) === 0;
}
