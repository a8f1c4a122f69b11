import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatGiftCardCode } from '../../../domain/gift-cards';
import type { SaleMethod } from '../../../domain/payment-methods';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { SaleMethodSelect } from '../../components/sale-method-select';
import { Button, ButtonLink } from '../../components/button';
import { inputClass } from '../../components/input-class';
import { chevron, selectClass } from '../../components/select-class';
import { formatEuros } from '../../lib/format';
import { activeServicesQuery } from '../../api/catalog';
import { giftCardsQuery, rememberSoldCode, sellGiftCard, type Sale } from '../../api/gift-cards';
import { ClientLink, type LinkedClient } from './client-link';
import { isOtherPrice, parseSalePrice, ServiceSalePrice } from './service-sale-price';

type Kind = 'amount' | 'service';

/** Selling a card (ADR 038): for an amount or a service, who buys, for whom, how it was paid. */
export function SaleForm({ base }: { base: string }) {
  const qc = useQueryClient();
  const services = useQuery(activeServicesQuery());
  const [kind, setKind] = useState<Kind>('amount');
  const [amount, setAmount] = useState('');
  const [serviceId, setServiceId] = useState('');
  const [salePrice, setSalePrice] = useState('');
  const [discountReason, setDiscountReason] = useState('');
  const [buyerName, setBuyer] = useState('');
  const [recipientName, setRecipient] = useState('');
  const [saleMethod, setMethod] = useState<SaleMethod>('efectivo');
  const [buyerRecord, setBuyerRecord] = useState<LinkedClient | null>(null);
  const [recipientRecord, setRecipientRecord] = useState<LinkedClient | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sold, setSold] = useState<Sale | null>(null);

  if (sold) return <Sold sale={sold} base={base} />;
  const priceOf = (id: string) => {
    const s = (services.data ?? []).find((x) => x.id === id);
    return s ? Number(s.price) : undefined;
  };

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const paid = parseSalePrice(salePrice);
      // Empty: the service's price. Another amount carries its reason (ADR 052).
      const value =
        kind === 'amount'
          ? { amount: amount.trim() === '' ? Number.NaN : Number(amount.replace(',', '.')) }
          : {
              serviceId,
              ...(paid === undefined ? {} : { saleAmount: paid }),
              ...(isOtherPrice(priceOf(serviceId), salePrice) ? { discountReason } : {}),
            };
      const sale = await sellGiftCard({
        ...value,
        buyerName,
        recipientName,
        saleMethod,
        buyerClientId: buyerRecord?.id ?? null,
        recipientClientId: recipientRecord?.id ?? null,
      });
      rememberSoldCode(sale.giftCard.id, sale.code);
      void qc.invalidateQueries({ queryKey: giftCardsQuery().queryKey });
      setSold(sale);
    } catch (err) {
      setError(err instanceof Error ? err.message : STAFF_MSG.giftCardSaleFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Vender tarjeta regalo"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1.5 font-medium">La tarjeta es por</legend>
        {(['amount', 'service'] as const).map((k) => (
          <label key={k} className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} className="h-4 w-4 accent-rose-700" />
            {k === 'amount' ? 'Un importe' : 'Un servicio'}
          </label>
        ))}
      </fieldset>
      {kind === 'amount' ? (
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Importe (€)
          <input className={inputClass} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="50" />
        </label>
      ) : (
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Servicio
          <select
            name="gift-card-service"
            className={selectClass}
            style={chevron}
            value={serviceId}
            onChange={(e) => {
              // Another service, another price: what was typed for the last one does not carry over.
              setServiceId(e.target.value);
              setSalePrice('');
              setDiscountReason('');
            }}
          >
            <option value="">Elige un servicio</option>
            {(services.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} · {formatEuros(Number(s.price))}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind === 'service' && priceOf(serviceId) !== undefined && (
        <ServiceSalePrice
          price={priceOf(serviceId)!}
          typed={salePrice}
          onTyped={setSalePrice}
          reason={discountReason}
          onReason={setDiscountReason}
        />
      )}
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Quién la compra
        <input className={inputClass} value={buyerName} maxLength={120} onChange={(e) => setBuyer(e.target.value)} autoComplete="off" />
      </label>
      <ClientLink
        label="Ficha de quien la compra"
        value={buyerRecord}
        onChange={(c) => {
          setBuyerRecord(c);
          if (c && !buyerName.trim()) setBuyer(c.name);
        }}
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Para quién (opcional)
        <input className={inputClass} value={recipientName} maxLength={120} onChange={(e) => setRecipient(e.target.value)} autoComplete="off" />
      </label>
      <ClientLink
        label="Ficha de quien la recibe"
        value={recipientRecord}
        onChange={(c) => {
          setRecipientRecord(c);
          if (c && !recipientName.trim()) setRecipient(c.name);
        }}
      />
      <SaleMethodSelect value={saleMethod} onChange={setMethod} />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" isDisabled={pending} className="self-start">
        Vender tarjeta
      </Button>
    </form>
  );
}

/** The code, this once (ADR 038), with the way to print it. */
function Sold({ sale, base }: { sale: Sale; base: string }) {
  return (
    <div className="flex flex-col gap-4" data-testid="gift-card-sold">
      <Alert tone="success">
        Tarjeta regalo vendida: {formatEuros(sale.giftCard.amount)}.
        {sale.giftCard.discountReason && ` Cobrado ${formatEuros(sale.giftCard.saleAmount)} (${sale.giftCard.discountReason}).`}
      </Alert>
      <div className="rounded-xl border border-line bg-ivory/70 p-4 text-center">
        <p className="text-sm text-muted">Código</p>
        <p className="mt-1 font-mono text-3xl font-semibold tracking-widest" data-testid="gift-card-code">
          {formatGiftCardCode(sale.code.replace(/-/g, ''))}
        </p>
      </div>
      <p className="text-sm text-muted">Imprímela o apunta el código ahora: por seguridad, Auna no vuelve a mostrarlo.</p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink href={`/gift-cards/${sale.giftCard.id}/print`}>Imprimir tarjeta</ButtonLink>
        <ButtonLink href={`${base}/${sale.giftCard.id}`} variant="secondary">
          Ver la tarjeta
        </ButtonLink>
      </div>
    </div>
  );
}
