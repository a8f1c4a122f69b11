import { Lock } from 'lucide-react';
import { denominationLabel } from '../../../domain/cash-close';
import { sumEuros, toCents } from '../../../domain/money';
import type { TillClose, TillDay } from '../../api/cash-close';
import { formatDateLong, formatEuros, formatTime } from '../../lib/format';
import { CloseChanges } from './close-changes';
import { ReopenForm } from './reopen-form';
import { Card, Difference, Figure } from './till-ui';

// A closed day: the close as the desk made it (its figures are copied, never recomputed), the
// count by notes and coins, what changed afterwards with who and why, and the admin's reopening.

const when = (iso: string) => `${formatDateLong(new Date(iso))} a las ${formatTime(new Date(iso))}`;

export function ClosedTill({ day, close, onReopened }: { day: TillDay; close: TillClose; onReopened: (d: TillDay) => void }) {
  const moved = toCents(day.figures.expected) !== toCents(close.expected);
  return (
    <Card
      title="Caja cerrada"
      testId="till-closed"
      aside={
        <span className="inline-flex items-center gap-1.5 rounded-full bg-sage-100 px-3 py-1 text-sm font-medium text-sage-800">
          <Lock className="h-3.5 w-3.5" aria-hidden /> Cerrada
        </span>
      }
    >
      <p className="mb-4 text-sm text-muted" data-testid="closed-by">
        Cerrada por <strong className="font-medium text-ink">{close.closedByName}</strong> el {when(close.closedAt)}.
      </p>
      <dl className="text-[0.95rem]">
        <Figure label="Fondo de caja" amount={close.openingFloat} />
        <Figure label="Cobros y ventas en efectivo" amount={sumEuros([close.cashPayments, close.cashSales])} sign="+" />
        <Figure label="Entradas y salidas de efectivo" amount={sumEuros([close.cashIn, -close.cashOut])} />
        <Figure label="Esperado en caja" amount={close.expected} strong />
        <Figure label="Contado" amount={close.counted} />
        <div className="flex items-baseline justify-between gap-4 py-1.5">
          <dt className="text-muted">Diferencia</dt>
          <dd data-testid="close-difference">
            <Difference amount={close.difference} />
          </dd>
        </div>
      </dl>
      {close.differenceReason && (
        <p className="mt-2 rounded-xl bg-ivory px-4 py-3 text-sm" data-testid="close-reason">
          <span className="text-muted">Motivo de la diferencia: </span>
          {close.differenceReason}
        </p>
      )}
      {close.count && close.count.length > 0 && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium">Recuento por billetes y monedas</summary>
          <ul className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3">
            {close.count.map((l) => (
              <li key={l.value} className="flex justify-between tabular-nums">
                <span>{denominationLabel(toCents(l.value))}</span>
                <span className="text-muted">× {l.count}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <CloseChanges changes={close.changes} />
      {moved && (
        <p className="mt-3 text-sm" data-testid="expected-now">
          Con estos cambios, lo esperado en caja es ahora <strong>{formatEuros(day.figures.expected)}</strong> (al cerrar:{' '}
          {formatEuros(close.expected)}).
        </p>
      )}
      {day.mayReopen && <ReopenForm date={day.date} onReopened={onReopened} />}
    </Card>
  );
}

/** Closes the admin reopened: kept, with who reopened them and why. */
export function EarlierCloses({ closes }: { closes: TillDay['reopened'] }) {
  return (
    <Card title="Cierres anteriores">
      <ul className="flex flex-col gap-2 text-sm">
        {closes.map((c) => (
          <li key={c.id} className="rounded-lg border border-line px-3 py-2">
            Cerrada por {c.closedByName} el {when(c.closedAt)}: contado {formatEuros(c.counted)}, esperado {formatEuros(c.expected)}.
            <span className="block text-muted">
              Reabierta por {c.reopenedByName} el {c.reopenedAt ? when(c.reopenedAt) : ''}: {c.reopenReason}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
