import type { AdminAction, AdminAppointment } from '../../api/appointments';
import { AppointmentRow } from './appointment-row';

const COLUMNS = ['Cliente', 'Servicio', 'Empleado', 'Notas', 'Fecha', 'Hora', 'Estado', 'Acciones'] as const;

/**
 * A real table on a laptop; below 1280 px each row is a card (date, time and status on top, then
 * the client, what and with whom, the notes and the actions), two per line on a tablet. Explicit
 * roles keep the table semantics when the cells are displayed as blocks.
 */
export function AppointmentsTable({ rows, onAction }: { rows: AdminAppointment[]; onAction: (a: AdminAppointment, to: AdminAction) => void }) {
  return (
    <div className="xl:overflow-hidden xl:rounded-[var(--radius-card)] xl:border xl:border-line xl:bg-white xl:shadow-soft">
      <table role="table" className="block w-full text-left xl:table xl:table-fixed">
        <caption className="sr-only">Citas filtradas, de la más reciente a la más antigua</caption>
        <colgroup className="hidden xl:table-column-group">
          <col className="w-[14.5%]" />
          <col className="w-[16.5%]" />
          <col className="w-[12.5%]" />
          <col className="w-[13.5%]" />
          <col className="w-[9.5%]" />
          <col className="w-[6.5%]" />
          <col className="w-[12.5%]" />
          <col className="w-[14.5%]" />
        </colgroup>
        <thead role="rowgroup" className="sr-only xl:not-sr-only xl:table-header-group">
          <tr role="row" className="border-b border-line bg-sand/60">
            {COLUMNS.map((c) => (
              <th key={c} role="columnheader" scope="col" className="px-3 py-3 text-xs font-semibold tracking-wide text-muted uppercase first:pl-5 last:pr-5">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="grid gap-3 md:grid-cols-2 xl:table-row-group xl:divide-y xl:divide-line">
          {rows.map((a) => (
            <AppointmentRow key={a.id} a={a} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** While the first page loads: a few grey rows. */
export function TableSkeleton() {
  return (
    <div className="space-y-3 rounded-[var(--radius-card)] border border-line bg-white p-4" role="status" aria-live="polite">
      <span className="sr-only">Cargando citas...</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-4">
          <div className="h-4 w-1/5 animate-pulse rounded bg-sand" />
          <div className="h-4 w-1/4 animate-pulse rounded bg-sand" />
          <div className="h-4 flex-1 animate-pulse rounded bg-sand" />
          <div className="h-6 w-20 animate-pulse rounded-full bg-sand" />
        </div>
      ))}
    </div>
  );
}
