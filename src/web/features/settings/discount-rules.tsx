import { DEFAULT_DISCOUNT_REASONS } from '../../../domain/discounts';
import { NumberInput } from '../../components/admin/admin-ui';
import { inputClass } from '../../components/input-class';
import type { SettingsField, SettingsValues } from './settings-values';

// "Descuentos" (ADR 052): how far below a price the staff may sell a bono or a gift card for a
// service, or settle a visit, and the reasons the desk chooses from. The admin is not bound.

export function DiscountRules({
  values,
  onChange,
  errorOf,
}: {
  values: SettingsValues;
  onChange: (patch: Partial<SettingsValues>, field?: SettingsField) => void;
  errorOf: (field: SettingsField) => string | null;
}) {
  const reasonsError = errorOf('reasons');
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <NumberInput
        label="Descuento máximo del personal"
        name="staff-discount"
        value={values.staffDiscount}
        onChange={(staffDiscount) => onChange({ staffDiscount }, 'discount')}
        min={0}
        step={1}
        suffix="% del precio"
        error={errorOf('discount')}
        description="Lo que el personal puede rebajar al vender un bono o una tarjeta regalo de un servicio, o al cobrar una cita. 0: ningún descuento. La administración no tiene límite."
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink sm:col-span-2">
        Motivos de descuento
        <span className="font-normal text-muted">Uno por línea. El personal elige uno de estos o escribe otro de verdad (al menos cuatro letras).</span>
        <textarea
          name="discount-reasons"
          rows={5}
          className={inputClass}
          value={values.discountReasons}
          placeholder={DEFAULT_DISCOUNT_REASONS.join('\n')}
          aria-invalid={reasonsError ? true : undefined}
          onChange={(e) => onChange({ discountReasons: e.target.value }, 'reasons')}
        />
        {reasonsError && <span className="text-sm text-brick">{reasonsError}</span>}
      </label>
    </div>
  );
}
