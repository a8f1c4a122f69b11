import { LockKeyhole, LockKeyholeOpen } from 'lucide-react';
import { Link } from 'react-router';
import type { CajaDay } from '../../api/payments';
import { cashCloseHref } from '../../api/cash-close';
import { formatEuros, formatTime } from '../../lib/format';

// The day's till in the Caja (ADR 054): not opened, open and not yet closed, or closed (by whom,
// when, what was counted), with the way to its close.

export function CajaTill({ date, till }: { date: string; till: CajaDay['till'] }) {
  const close = till.closes.find((c) => c.reopenedAt === null);
  const link = (text: string) => (
    <Link className="font-medium whitespace-nowrap text-rose-800 underline underline-offset-2" to={cashCloseHref(date)}>
      {text}
    </Link>
  );
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-white px-4 py-3 text-sm"
      data-testid="caja-till"
    >
      {close ? (
        <p className="flex items-start gap-2">
          <LockKeyhole className="mt-0.5 h-4 w-4 shrink-0 text-sage" aria-hidden />
          <span>
            <strong className="font-medium">Caja cerrada</strong> por {close.closedByName} a las {formatTime(new Date(close.closedAt))}:
            contado {formatEuros(close.counted)}, esperado {formatEuros(close.expected)}
            {close.difference !== 0 && `, ${close.difference > 0 ? 'sobran' : 'faltan'} ${formatEuros(Math.abs(close.difference))}`}.
          </span>
        </p>
      ) : (
        <p className="flex items-start gap-2">
          <LockKeyholeOpen className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" aria-hidden />
          <span>
            <strong className="font-medium">{till.opening ? 'Caja sin cerrar' : 'Caja sin abrir'}</strong>
            {till.opening && ` · fondo de ${formatEuros(till.opening.openingFloat)}, abierta por ${till.opening.openedByName}`}
          </span>
        </p>
      )}
      {link(close ? 'Ver el cierre' : till.opening ? 'Contar y cerrar' : 'Abrir la caja')}
    </div>
  );
}
