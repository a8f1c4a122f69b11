import { PAYMENT_METHOD_LABEL } from '../../../domain/payment-methods';
import type { CloseChange } from '../../api/cash-close';
import { formatDateShort, formatEuros, formatTime } from '../../lib/format';
import { signedEuros } from './till-ui';

// What changed in a closed day's money, each an audit line the database wrote with the change
// (ADR 054): who, when, what, why, and what it did to the cash expected in the drawer.

const KIND_LABEL: Record<CloseChange['kind'], string> = {
  cobro: 'Cobro registrado después del cierre',
  anulacion: 'Cobro anulado',
  correccion: 'Cobro corregido',
  venta_tarjeta: 'Tarjeta regalo vendida después del cierre',
  venta_bono: 'Bono vendido después del cierre',
  entrada: 'Entrada de efectivo después del cierre',
  salida: 'Salida de efectivo después del cierre',
};

const methodAmount = (m: { method: CloseChange['method']; amount: number }) =>
  `${m.method ? `${PAYMENT_METHOD_LABEL[m.method]} ` : ''}${formatEuros(m.amount)}`;

export function CloseChanges({ changes }: { changes: CloseChange[] }) {
  if (changes.length === 0) return null;
  return (
    <section aria-label="Cambios después del cierre" className="mt-6">
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Cambios después del cierre ({changes.length})</h3>
      <ul className="flex flex-col gap-2" data-testid="close-changes">
        {changes.map((c) => (
          <li key={c.id} className="rounded-xl border border-amber-800/20 bg-amber-100/60 px-4 py-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <strong className="font-medium">{KIND_LABEL[c.kind]}</strong>
              <span className="text-muted tabular-nums">
                {formatDateShort(new Date(c.at))}, {formatTime(new Date(c.at))} · {c.byName}
              </span>
            </div>
            <p className="mt-1">
              {c.concept}: {c.kind === 'correccion' && c.before ? `${methodAmount(c.before)} → ${methodAmount(c)}` : methodAmount(c)}
            </p>
            {c.reason && <p className="text-muted">Motivo: {c.reason}</p>}
            {c.cashEffect !== 0 && <p className="text-muted">Efectivo esperado: {signedEuros(c.cashEffect)}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
