import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { PAYMENT_METHOD_LABEL } from '../../../domain/payment-methods';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { formatDateShort, formatEuros, formatTime } from '../../lib/format';
import { giftCardQuery, soldCodeOf, type GiftCardPage } from '../../api/gift-cards';
import { cardLabel, GiftCardStatusBadge, validUntil } from './gift-card-text';

/** One card (ADR 038): its balance, who bought it for whom, and what it paid. */
export function GiftCardScreen({ id, base }: { id: string; base: string }) {
  const q = useQuery(giftCardQuery(id));
  const back = (
    <ButtonLink href={base} variant="ghost" className="-ml-3 mb-2">
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Tarjetas regalo
    </ButtonLink>
  );
  if (q.isPending) return <InlineLoading text="Cargando la tarjeta..." />;
  if (q.isError)
    return (
      <div>
        {back}
        <Alert>{q.error.message}</Alert>
      </div>
    );
  const { giftCard: c } = q.data;
  return (
    <div>
      {back}
      <PageHeader
        title={`Tarjeta ${cardLabel(c.codeLast4)}`}
        subtitle={validUntil(c.lastDay)}
        actions={
          soldCodeOf(c.id) && (
            <ButtonLink href={`/gift-cards/${c.id}/print`} variant="secondary">
              <Printer className="h-4 w-4" aria-hidden />
              Imprimir tarjeta
            </ButtonLink>
          )
        }
      />
      <section className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft" aria-label="Saldo">
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-sm text-muted">Saldo</p>
            <p className="font-serif text-4xl tabular-nums" data-testid="gift-card-balance">
              {formatEuros(c.balance)}
            </p>
            <p className="mt-1 text-sm text-muted">de {formatEuros(c.amount)}{c.serviceName ? ` · ${c.serviceName}` : ''}</p>
          </div>
          <GiftCardStatusBadge status={c.status} />
        </div>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted">Comprada por</dt>
          <dd>{c.buyerName}</dd>
          {c.recipientName && (
            <>
              <dt className="text-muted">Para</dt>
              <dd>{c.recipientName}</dd>
            </>
          )}
          <dt className="text-muted">Vendida</dt>
          <dd>
            {formatDateShort(new Date(c.createdAt))} por {c.soldByName} · {PAYMENT_METHOD_LABEL[c.saleMethod]}
          </dd>
          {c.discountReason && (
            <>
              <dt className="text-muted">Cobrada</dt>
              <dd data-testid="gift-card-sale-amount">
                {formatEuros(c.saleAmount)} · {c.discountReason}
              </dd>
            </>
          )}
        </dl>
      </section>
      <History redemptions={q.data.redemptions} />
    </div>
  );
}

function History({ redemptions }: { redemptions: GiftCardPage['redemptions'] }) {
  return (
    <section className="mt-6" aria-label="Usos de la tarjeta">
      <h2 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Usos</h2>
      {redemptions.length === 0 ? (
        <p className="text-sm text-muted">Aún no se ha usado.</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {redemptions.map((r) => (
            <li key={r.id} className="rounded-lg bg-ivory/70 px-3 py-2" data-testid="gift-card-redemption">
              <strong className="tabular-nums">{formatEuros(r.amount)}</strong> · {r.serviceName} de {r.clientName}
              <span className="block text-muted">
                {formatDateShort(new Date(r.createdAt))} a las {formatTime(new Date(r.createdAt))}, cobrado por {r.recordedByName}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
