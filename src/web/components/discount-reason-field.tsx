import { useState } from 'react';
import { inputClass } from './input-class';
import { chevron, selectClass } from './select-class';

// A discount's reason (ADR 052): one of the owner's reasons, or "Otro motivo" written out. The
// reasons and the limit come from the page (GET /api/settings/discounts); the server checks again.

const OTHER = '__otro__';

export function DiscountReasonField({
  reasons,
  value,
  onChange,
  limitNote,
  name = 'discount-reason',
}: {
  reasons: readonly string[];
  value: string;
  onChange: (reason: string) => void;
  /** What the staff member may take off, said under the field ("Puedes rebajar hasta un 10 %…"). */
  limitNote?: string;
  name?: string;
}) {
  const [other, setOther] = useState(value !== '' && !reasons.includes(value));
  const choice = other ? OTHER : value;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
        Motivo del descuento
        <select
          name={`${name}-choice`}
          className={selectClass}
          style={chevron}
          value={choice}
          onChange={(e) => {
            const v = e.target.value;
            setOther(v === OTHER);
            onChange(v === OTHER ? '' : v);
          }}
        >
          <option value="">Elige un motivo</option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
          <option value={OTHER}>Otro motivo…</option>
        </select>
      </label>
      {other && (
        <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
          Escribe el motivo
          <input name={name} className={inputClass} value={value} maxLength={200} onChange={(e) => onChange(e.target.value)} />
        </label>
      )}
      {limitNote && <p className="text-xs text-muted">{limitNote}</p>}
    </div>
  );
}

/** What the staff member may take off, for the field's note. */
export function discountLimitNote(rules: { staffDiscountMaxPercent: number; unlimited: boolean } | undefined): string | undefined {
  if (!rules) return undefined;
  if (rules.unlimited) return 'Como administración, puedes aplicar cualquier descuento con su motivo.';
  return rules.staffDiscountMaxPercent === 0
    ? 'El personal no puede aplicar descuentos: cobra el precio o pide a la administración que lo registre.'
    : `Puedes rebajar hasta un ${rules.staffDiscountMaxPercent} % del precio.`;
}
