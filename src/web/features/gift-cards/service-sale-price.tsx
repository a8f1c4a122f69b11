import { useQuery } from '@tanstack/react-query';
import { toCents } from '../../../domain/money';
import { DiscountReasonField, discountLimitNote } from '../../components/discount-reason-field';
import { inputClass } from '../../components/input-class';
import { formatEuros } from '../../lib/format';
import { discountRulesQuery } from '../../api/settings';

// A card for a service is worth the service; it is sold at its price, or at another with a reason
// within the owner's limit (ADR 052), as a bono is. Empty: the price. The server checks again.

/** What the desk typed, in euros: undefined when empty (the price), NaN when it is not a number. */
export const parseSalePrice = (typed: string) => (typed.trim() === '' ? undefined : Number(typed.trim().replace(',', '.')));

/** The price as the desk types it: "45" or "45,50". */
const typedEuros = (price: number) => (Number.isInteger(price) ? String(price) : price.toFixed(2).replace('.', ','));

/** Whether what was typed is another amount than the service's price (then a reason is asked). */
export function isOtherPrice(price: number | undefined, typed: string): boolean {
  const paid = parseSalePrice(typed);
  return price !== undefined && paid !== undefined && Number.isFinite(paid) && toCents(paid) !== toCents(price);
}

export function ServiceSalePrice({
  price,
  typed,
  onTyped,
  reason,
  onReason,
}: {
  price: number;
  typed: string;
  onTyped: (v: string) => void;
  reason: string;
  onReason: (v: string) => void;
}) {
  const rules = useQuery(discountRulesQuery());
  return (
    <>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Cobrado (€)
        <input
          name="gift-card-sale-amount"
          className={inputClass}
          inputMode="decimal"
          value={typed}
          onChange={(e) => onTyped(e.target.value)}
          placeholder={typedEuros(price)}
          aria-describedby="gift-card-sale-amount-note"
        />
        <span id="gift-card-sale-amount-note" className="font-normal text-muted">
          La tarjeta vale el servicio ({formatEuros(price)}). Cobra su precio o, con un motivo, otro importe.
        </span>
      </label>
      {isOtherPrice(price, typed) && (
        <DiscountReasonField reasons={rules.data?.discountReasons ?? []} value={reason} onChange={onReason} limitNote={discountLimitNote(rules.data)} name="gift-card-discount-reason" />
      )}
    </>
  );
}
