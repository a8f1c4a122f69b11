import { PAYMENT_METHOD_LABEL } from '../../../domain/payment-methods';
import type { CajaDay } from '../../api/payments';
import { formatEuros } from '../../lib/format';
import { Empty, rowClass, Section, time } from './caja-sections';

// The Caja's bonos (ADR 037): what was sold that day, and the appointments a bono paid (each a
// session spent, at the appointment's price, not money in the till).

export function BonoSales({ sales }: { sales: CajaDay['bonosSold'] }) {
  return (
    <Section title="Bonos vendidos" count={sales.length}>
      {sales.length === 0 ? (
        <Empty>Ningún bono vendido este día.</Empty>
      ) : (
        <ul className="flex flex-col gap-2">
          {sales.map((b) => (
            <li key={b.id} className={rowClass} data-testid="caja-bono-sale">
              <span>
                <span className="text-muted tabular-nums">{time(b.soldAt)}</span> · {b.name} · {b.clientName}
                {b.discountReason && <span className="block text-xs text-muted">Descuento: {b.discountReason}</span>}
              </span>
              <span className="whitespace-nowrap">
                {PAYMENT_METHOD_LABEL[b.paymentMethod]} <strong className="tabular-nums">{formatEuros(b.amount)}</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function BonoSessions({ sessions }: { sessions: CajaDay['bonoSessions'] }) {
  return (
    <Section title="Sesiones de bono" count={sessions.length}>
      {sessions.length === 0 ? (
        <Empty>Ninguna cita pagada con bono este día.</Empty>
      ) : (
        <ul className="flex flex-col gap-2">
          {sessions.map((s) => (
            <li key={s.appointmentId} className={rowClass} data-testid="caja-bono-session">
              <span>
                <span className="text-muted tabular-nums">{time(s.startTime)}</span> · {s.serviceName} · {s.clientName}
                <span className="text-muted">
                  {' '}
                  ({s.employeeName}) · {s.bonoName}
                </span>
              </span>
              <strong className="tabular-nums">{formatEuros(s.price)}</strong>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
