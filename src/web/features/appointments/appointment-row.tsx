import { StickyNote } from 'lucide-react';
import { ConsentMissingBadge, ContraindicationsFlag } from '../../components/consent-status';
import { StatusBadge } from '../../components/status-badge';
import type { AdminAction, AdminAppointment } from '../../api/appointments';
import { formatTime } from '../../lib/format';
import { RowActions } from './row-actions';
import { tableDate } from './table-date';

const cell = 'xl:table-cell xl:px-3 xl:py-3.5 xl:align-top xl:first:pl-5 xl:last:pr-5';

// The phone/tablet card: time and date on top, then the client with the status, the service,
// with whom, the notes and the actions. At xl the row is a table row and these areas do nothing.
const CARD_AREAS = '"time date date" "client client status" "service service service" "employee employee employee" "notes notes notes" "actions actions actions"';
const area = (name: string) => ({ gridArea: name });

/** One appointment: a row of the table on a laptop, a card on a phone or tablet. */
export function AppointmentRow({ a, onAction }: { a: AdminAppointment; onAction: (a: AdminAppointment, to: AdminAction) => void }) {
  const cancelled = a.status.startsWith('cancelled');
  const hasNotes = a.notes_client.trim() !== '';
  const isConfirmed = a.status === 'confirmed';
  return (
    <tr
      role="row"
      data-testid="appointment-row"
      data-status={a.status}
      style={{ gridTemplateAreas: CARD_AREAS }}
      className="grid grid-cols-[auto_1fr_auto] content-start items-baseline gap-x-3 gap-y-1 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft xl:table-row xl:rounded-none xl:border-0 xl:p-0 xl:shadow-none xl:hover:bg-ivory/70"
    >
      <td role="cell" style={area('client')} className={`mt-2 min-w-0 text-lg font-semibold xl:mt-0 xl:text-base ${cell} ${cancelled ? 'text-muted' : 'text-ink'}`}>
        <span className="block break-words">{a.clientName}</span>
        <span className="hidden truncate text-xs font-normal text-muted xl:block" title={a.clientEmail}>
          {a.clientEmail}
        </span>
      </td>
      <td role="cell" style={area('service')} className={`text-ink ${cell}`}>
        <span className="break-words hyphens-auto">{a.serviceName}</span>
        <span className="ml-1.5 text-sm whitespace-nowrap text-muted xl:ml-0 xl:block xl:text-xs">{a.serviceDuration} min</span>
        {a.consentMissing && !cancelled && (
          <span className="mt-1 block">
            <ConsentMissingBadge />
          </span>
        )}
        {a.hasContraindications && !cancelled && <ContraindicationsFlag compact className="mt-1.5" />}
      </td>
      <td role="cell" style={area('employee')} className={`text-sm text-muted xl:text-base xl:text-ink ${cell}`}>
        <span className="xl:hidden">con </span>
        {a.employeeName}
      </td>
      <td role="cell" style={area('notes')} className={`${hasNotes ? '' : 'hidden'} ${cell}`}>
        {hasNotes ? (
          <span className="mt-2 flex gap-2 rounded-xl bg-gold-100/70 px-3 py-1.5 text-sm leading-relaxed text-ink xl:mt-0 xl:block xl:bg-transparent xl:p-0 xl:text-muted">
            <StickyNote className="mt-0.5 h-4 w-4 shrink-0 text-[#8a6a3c] xl:hidden" aria-hidden />
            <span className="break-words hyphens-auto xl:line-clamp-3" title={a.notes_client}>
              <span className="sr-only">Notas del cliente: </span>
              {a.notes_client}
            </span>
          </span>
        ) : (
          <span className="text-muted/60" aria-label="Sin notas">
            —
          </span>
        )}
      </td>
      <td role="cell" style={area('date')} className={`text-sm font-medium whitespace-nowrap text-muted first-letter:uppercase xl:whitespace-normal xl:text-ink ${cell}`}>
        {tableDate.format(a.startTime)}
      </td>
      <td role="cell" style={area('time')} className={`font-serif text-2xl leading-none font-semibold lining-nums tabular-nums xl:font-sans xl:text-base xl:leading-normal xl:font-medium ${cell}`}>
        {formatTime(a.startTime)}
      </td>
      <td role="cell" style={area('status')} className={`justify-self-end xl:[&>span]:whitespace-normal ${cell}`}>
        <StatusBadge status={a.status} />
      </td>
      <td role="cell" style={area('actions')} className={`${isConfirmed ? 'mt-3 border-t border-line pt-3' : 'hidden'} xl:border-0 xl:pt-3 ${cell}`}>
        {isConfirmed ? <RowActions a={a} onAction={onAction} /> : <span className="sr-only">Sin acciones</span>}
      </td>
    </tr>
  );
}
