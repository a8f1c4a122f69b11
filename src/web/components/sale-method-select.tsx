import { PAYMENT_METHOD_LABEL, SALE_METHODS, type SaleMethod } from '../../domain/payment-methods';
import { chevron, selectClass } from './select-class';

/** "Forma de pago" of a sale (a bono, a gift card): money, never another bono or card (ADR 037, 038). */
export function SaleMethodSelect({ value, onChange, name }: { value: SaleMethod; onChange: (m: SaleMethod) => void; name?: string }) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
      Forma de pago
      <select name={name} className={selectClass} style={chevron} value={value} onChange={(e) => onChange(e.target.value as SaleMethod)}>
        {SALE_METHODS.map((m) => (
          <option key={m} value={m}>
            {PAYMENT_METHOD_LABEL[m]}
          </option>
        ))}
      </select>
    </label>
  );
}
