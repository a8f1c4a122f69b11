import type { ReactNode } from 'react';

/**
 * "Cancelar toda la visita" in a cancel confirmation of a part of a visit of several services
 * (ADR 098): unticked, the desk cancels this service only; ticked, every part still booked goes and
 * the client gets one message naming them. Gestionar Citas' dialog and the day view's details share
 * it; `children` says which parts go with it where the screen knows them.
 */
export function WholeVisitChoice({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <label className="mt-4 flex items-start gap-3 rounded-xl bg-rose-50 p-3 text-ink">
      <input type="checkbox" className="mt-1 size-4 accent-rose-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        Cancelar toda la visita
        <span className="block text-sm text-muted">
          Esta cita es parte de una visita de varios servicios. Sin marcar, solo se cancela este servicio.
        </span>
        {children}
      </span>
    </label>
  );
}

/** The confirm button's words: the visit when the whole of it is ticked. */
export const cancelConfirmLabel = (wholeVisit: boolean, one: string) => (wholeVisit ? 'Sí, cancelar la visita' : one);

/**
 * Whether the desk is offered "Cancelar toda la visita" on a part `a`: it is still confirmed and so
 * is another part of its visit (the server cancels only the confirmed parts: ADR 098). With every
 * other part already cancelled or done, cancelling `a` is the whole of what is left. The day view's
 * details and Gestionar Citas' dialog both ask it (ADR 104).
 */
export const offersWholeVisit = (a: { status: string }, others: ReadonlyArray<{ status: string }>): boolean =>
  a.status === 'confirmed' && others.some((p) => p.status === 'confirmed');
