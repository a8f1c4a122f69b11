import type { ReactNode } from 'react';
import { maskedGiftCardCode } from '../../../domain/gift-cards';
import { PAYMENT_METHOD_LABEL } from '../../../domain/payment-methods';
import { formatEuros, formatTime } from '../../lib/format';
import type { CajaDay } from '../../api/payments';
import { PaymentLineActions, VoidedNote } from './payment-line-actions';

// The Caja del día's parts (ADR 039); its totals are in caja-totals.tsx, its bonos in caja-bonos.tsx.

export function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">
        {title}
        {count !== undefined && <span className="ml-2 font-normal normal-case">({count})</span>}
      </h2>
      {children}
    </section>
  );
}

export const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted">{children}</p>;
export const time = (iso: string) => formatTime(new Date(iso));

export const rowClass = 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 rounded-lg bg-white px-3 py-2 text-sm border border-line';

export function PaymentList({ payments }: { payments: CajaDay['payments'] }) {
  return (
    <Section title="Cobros" count={payments.length}>
      {payments.length === 0 ? (
        <Empty>No se ha registrado ningún cobro este día.</Empty>
      ) : (
        <ul className="flex flex-col gap-2">
          {payments.map((p) => (
            <li key={p.id} className={rowClass} data-testid="caja-payment">
              <span className="min-w-0">
                <span className="text-muted tabular-nums">{time(p.createdAt)}</span> · {p.serviceName} · {p.clientName}
                <span className="text-muted"> ({p.employeeName})</span>
                {p.discountReason && <span className="block text-xs text-muted">Descuento: {p.discountReason}</span>}
                <VoidedNote line={p} />
              </span>
              <span className={`whitespace-nowrap ${p.voidedAt ? 'text-muted line-through' : ''}`}>
                {PAYMENT_METHOD_LABEL[p.method]}
                {p.giftCardLast4 && <span className="text-muted"> {maskedGiftCardCode(p.giftCardLast4)}</span>}{' '}
                <strong className="tabular-nums">{formatEuros(p.amount)}</strong>
                <PaymentLineActions line={p} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function GiftCardSales({ sales }: { sales: CajaDay['giftCardsSold'] }) {
  return (
    <Section title="Tarjetas regalo vendidas" count={sales.length}>
      {sales.length === 0 ? (
        <Empty>Ninguna tarjeta regalo vendida este día.</Empty>
      ) : (
        <ul className="flex flex-col gap-2">
          {sales.map((s) => (
            <li key={s.id} className={rowClass} data-testid="caja-gift-card-sale">
              <span>
                <span className="text-muted tabular-nums">{time(s.createdAt)}</span> · {maskedGiftCardCode(s.codeLast4)} · {s.buyerName}
                {s.serviceName && <span className="text-muted"> · {s.serviceName}</span>}
                {s.discountReason && <span className="block text-xs text-muted">Descuento: {s.discountReason}</span>}
              </span>
              <span className="whitespace-nowrap">
                {PAYMENT_METHOD_LABEL[s.saleMethod]} <strong className="tabular-nums">{formatEuros(s.amount)}</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function CompletedUnpaid({ appointments }: { appointments: CajaDay['completedWithoutPayment'] }) {
  return (
    <Section title="Completadas sin cobro" count={appointments.length}>
      {appointments.length === 0 ? (
        <Empty>Todas las citas completadas de este día tienen su cobro.</Empty>
      ) : (
        <ul className="flex flex-col gap-2">
          {appointments.map((a) => (
            <li key={a.id} className={rowClass} data-testid="caja-unpaid">
              <span>
                <span className="text-muted tabular-nums">{time(a.startTime)}</span> · {a.serviceName} · {a.clientName}
                <span className="text-muted"> ({a.employeeName})</span>
              </span>
              <strong className="tabular-nums">{formatEuros(a.price)}</strong>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
