import { PAYMENT_METHOD_LABEL } from '../../../domain/payment-methods';
import { sumEuros } from '../../../domain/money';
import { formatEuros } from '../../lib/format';
import type { CajaDay } from '../../api/payments';
import { Empty, Section } from './caja-sections';

// The Caja's totals (ADR 052): the money that came in, and apart from it what was paid before
// (a gift card, a bono's session), so that no one reads a bono as a way of paying that day. The
// two blocks add up to the day's services and sales, and the page says so.

type MethodTotals = CajaDay['moneyByMethod'];

function Methods({ list, testId }: { list: MethodTotals; testId: string }) {
  return (
    <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" data-testid={testId}>
      {list.map((m) => (
        <div key={m.method} className="contents">
          <dt>
            {PAYMENT_METHOD_LABEL[m.method]} <span className="text-muted">· {m.count}</span>
          </dt>
          <dd className="text-right font-medium tabular-nums">{formatEuros(m.total)}</dd>
        </div>
      ))}
    </dl>
  );
}

const card = 'rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft';

export function Totals({ day }: { day: CajaDay }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Entrada de dinero">
          <div className={card}>
            <p className="text-sm text-muted">Dinero que ha entrado en caja</p>
            <p className="font-serif text-4xl tabular-nums" data-testid="caja-money-in">
              {formatEuros(day.moneyIn)}
            </p>
            {day.moneyByMethod.length === 0 ? <p className="mt-3 text-sm text-muted">Ningún cobro ni venta este día.</p> : <Methods list={day.moneyByMethod} testId="caja-by-method" />}
          </div>
        </Section>
        <Section title="Ya pagado antes (bono, tarjeta regalo)">
          <div className={`${card} bg-ivory`}>
            <p className="text-sm text-muted">Citas pagadas con lo que se vendió otro día: no es dinero de hoy</p>
            <p className="font-serif text-4xl text-muted tabular-nums" data-testid="caja-prepaid">
              {formatEuros(day.prepaid)}
            </p>
            {day.prepaidByMethod.length === 0 ? (
              <p className="mt-3 text-sm text-muted">Ninguna cita pagada con bono ni tarjeta regalo este día.</p>
            ) : (
              <Methods list={day.prepaidByMethod} testId="caja-prepaid-by-method" />
            )}
          </div>
        </Section>
      </div>
      <p className="text-sm text-muted" data-testid="caja-sum">
        Entrada de dinero {formatEuros(day.moneyIn)} + ya pagado antes {formatEuros(day.prepaid)} = {formatEuros(sumEuros([day.moneyIn, day.prepaid]))} en servicios y ventas del día.
      </p>
      <Section title="Por profesional">
        <div className={card}>
          {day.byProfessional.length === 0 ? (
            <Empty>Ningún cobro este día.</Empty>
          ) : (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
              {day.byProfessional.map((p) => (
                <div key={p.professional} className="contents">
                  <dt>
                    {p.professional} <span className="text-muted">· {p.count}</span>
                  </dt>
                  <dd className="text-right font-medium tabular-nums">{formatEuros(p.total)}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </Section>
    </div>
  );
}
