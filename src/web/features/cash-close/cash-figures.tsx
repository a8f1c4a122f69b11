import { PAYMENT_METHOD_LABEL } from '../../../domain/payment-methods';
import type { TillDay } from '../../api/cash-close';
import { formatEuros } from '../../lib/format';
import { Card, Figure } from './till-ui';

// The cash of the day (ADR 054): what should be in the drawer, and what came in by other means,
// which is not counted (the card terminal, Bizum and the rest have their own records).

export function CashFigures({ day }: { day: TillDay }) {
  const f = day.figures;
  return (
    <Card title="Efectivo del día">
      <dl className="text-[0.95rem]" data-testid="cash-figures">
        <Figure label="Fondo de caja" amount={f.openingFloat} />
        <Figure label="Cobros en efectivo" amount={f.cashPayments} sign="+" />
        <Figure label="Ventas en efectivo (tarjetas regalo y bonos)" amount={f.cashSales} sign="+" />
        <Figure label="Entradas de efectivo" amount={f.cashIn} sign="+" />
        <Figure label="Salidas de efectivo" amount={f.cashOut} sign="−" />
        <Figure label="Esperado en caja" amount={f.expected} strong testId="cash-expected" />
      </dl>
      {day.state === 'not_opened' && <p className="mt-2 text-sm text-muted">Sin fondo de caja hasta que se abra.</p>}
      <p className="mt-4 text-sm text-muted">
        {day.otherMethods.length === 0
          ? 'Nada cobrado con tarjeta, Bizum u otros métodos.'
          : `No se cuentan (no están en el cajón): ${day.otherMethods.map((m) => `${PAYMENT_METHOD_LABEL[m.method]} ${formatEuros(m.total)}`).join(' · ')}.`}
      </p>
    </Card>
  );
}
