import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { EMPLOYEE_UNDO_WINDOW_MS, statusLabel } from '../../../domain/appointment-status';
import { MSG } from '../../../domain/texts/common';
import { ApiRequestError } from '../../lib/api';
import { AGENDA_FAMILY, saveMark, type AgendaAppointment, type AgendaDay, type EmployeeMark } from '../../api/agenda';
import { onBeforeSignOut } from '../../api/session';

type Pending = {
  to: EmployeeMark;
  timer: ReturnType<typeof setTimeout> | undefined;
  toastId: string | number;
  saving: boolean;
};

/**
 * SPEC §4 Employee marking: the card changes at once, a toast offers 'Deshacer' for 7 s, and only
 * then is the change saved (one request). Undo inside the window saves nothing. A failed save
 * shows 'No se pudo guardar el cambio. Reintentando...' and the card goes back.
 *
 * A change the employee did not undo must not be lost by leaving: unmounting (another route),
 * `pagehide` (reload, closing the tab) and the page becoming hidden (switching app on a tablet,
 * where the browser may discard the page without a pagehide) send the pending changes at once,
 * as keepalive fetches (docs/decisions/007).
 *
 * Returns the statuses to show instead of the server's, and `mark`.
 */
export function usePendingMarks() {
  const qc = useQueryClient();
  const pending = useRef(new Map<string, Pending>());
  const [overrides, setOverrides] = useState<ReadonlyMap<string, EmployeeMark>>(new Map());

  const setOverride = useCallback((id: string, to: EmployeeMark | null) => {
    setOverrides((prev) => {
      const next = new Map(prev);
      if (to) next.set(id, to);
      else next.delete(id);
      return next;
    });
  }, []);

  const save = useCallback(
    (id: string, keepalive: boolean): Promise<void> => {
      const p = pending.current.get(id);
      if (!p || p.saving) return Promise.resolve();
      p.saving = true;
      clearTimeout(p.timer);
      // Saved (or being saved): 'Deshacer' can no longer keep its promise.
      toast.dismiss(p.toastId);
      return saveMark(id, p.to, { keepalive })
        .then((saved) => {
          qc.setQueriesData<AgendaDay>({ queryKey: AGENDA_FAMILY }, (day) =>
            day ? { ...day, appointments: day.appointments.map((a: AgendaAppointment) => (a.id === id ? saved : a)) } : day,
          );
        })
        .catch((err: unknown) => {
          // The server's reason (e.g. the client cancelled meanwhile, the session ended) helps
          // the employee understand; the spec's sentence stays the headline.
          const reason = err instanceof ApiRequestError && err.message !== MSG.saveChangeRetrying ? err.message : undefined;
          toast.error(MSG.saveChangeRetrying, { description: reason });
          void qc.invalidateQueries({ queryKey: AGENDA_FAMILY });
        })
        .finally(() => {
          pending.current.delete(id);
          setOverride(id, null);
        });
    },
    [qc, setOverride],
  );

  const undo = useCallback(
    (id: string) => {
      const p = pending.current.get(id);
      if (!p || p.saving) return;
      clearTimeout(p.timer);
      pending.current.delete(id);
      setOverride(id, null);
    },
    [setOverride],
  );

  const mark = useCallback(
    (id: string, to: EmployeeMark) => {
      if (pending.current.has(id)) return;
      setOverride(id, to);
      const toastId = toast(MSG.statusMarked(statusLabel(to)), {
        duration: EMPLOYEE_UNDO_WINDOW_MS,
        action: { label: MSG.undo, onClick: () => undo(id) },
        classNames: { actionButton: 'min-h-11! rounded-full! bg-rose-700! px-4! text-sm! font-semibold! text-white!' },
      });
      const p: Pending = { to, toastId, saving: false, timer: undefined };
      pending.current.set(id, p);
      p.timer = setTimeout(() => save(id, false), EMPLOYEE_UNDO_WINDOW_MS);
    },
    [save, undo, setOverride],
  );

  useEffect(() => {
    const map = pending.current;
    const flushAll = () => Promise.all([...map.keys()].map((id) => save(id, true)));
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushAll();
    };
    window.addEventListener('pagehide', flushAll);
    document.addEventListener('visibilitychange', onVisibility);
    // 'Cerrar Sesión' inside the window: save while the session still exists.
    const unregister = onBeforeSignOut(flushAll);
    return () => {
      unregister();
      window.removeEventListener('pagehide', flushAll);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the agenda inside the window (another route): save now rather than never.
      void flushAll();
    };
  }, [save]);

  return { overrides, mark };
}
