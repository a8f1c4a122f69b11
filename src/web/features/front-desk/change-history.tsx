import type { Change } from '../../api/front-desk';
import { formatDateLong, formatTime } from '../../lib/format';

/** The appointment's moves: who moved it, when, from when and whom to when and whom. */
export function ChangeHistory({ changes }: { changes: Change[] | undefined }) {
  return (
    <section className="mt-6" aria-label="Historial de cambios">
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Historial de cambios</h3>
      {changes && changes.length === 0 && <p className="text-sm text-muted">Sin cambios desde que se reservó.</p>}
      <ul className="flex flex-col gap-2 text-sm">
        {(changes ?? []).map((c) => (
          <li key={c.id} className="rounded-lg bg-ivory/70 px-3 py-2">
            <span className="font-medium">{c.changedByName}</span> movió la cita el {formatDateLong(new Date(c.createdAt))} a las{' '}
            {formatTime(new Date(c.createdAt))}: de {formatDateLong(new Date(c.before.startTime))}{' '}
            {formatTime(new Date(c.before.startTime))} ({c.before.employeeName}) a {formatDateLong(new Date(c.after.startTime))}{' '}
            {formatTime(new Date(c.after.startTime))} ({c.after.employeeName}).
            {c.before.resources && c.after.resources && (
              <>
                {' '}
                De {c.before.resources.join(', ')} a {c.after.resources.join(', ')}.
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
