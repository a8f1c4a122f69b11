import { eurosText } from '../../lib/euro-input';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { toCents } from '../../../domain/money';
import type { SaleMethod } from '../../../domain/payment-methods';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DiscountReasonField, discountLimitNote } from '../../components/discount-reason-field';
import { inputClass } from '../../components/input-class';
import { chevron, selectClass } from '../../components/select-class';
import { InlineLoading } from '../../components/loading';
import { SaleMethodSelect } from '../../components/sale-method-select';
import { formatDateLong, formatEuros, formatTime } from '../../lib/format';
import { saleTypesQuery, sellBono, visitsForBonoQuery, type VisitForBono } from '../../api/bonos';
import { discountRulesQuery } from '../../api/settings';

// "Vender bono" (ADR 037) at the type's price, or at another with a reason within the owner's
// limit (ADR 052); it offers to cover the visits she already booked of its services, each ticked
// by the desk (ADR 053).

const label = 'flex flex-col gap-1.5 text-sm font-medium text-ink';
const parseEuros = (typed: string) => Number(typed.trim().replace(',', '.'));

/** Her booked visits the new bono could pay, each a checkbox the desk ticks. */
function VisitsToCover({ visits, chosen, onToggle, sessions }: { visits: VisitForBono[]; chosen: string[]; onToggle: (id: string) => void; sessions: number }) {
  if (visits.length === 0) return <p className="text-sm text-muted">No tiene citas reservadas de estos servicios.</p>;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">Usar el bono en sus citas ya reservadas</legend>
      {visits.map((v) => {
        const start = new Date(v.startTime);
        const on = chosen.includes(v.id);
        return (
          <label key={v.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-ivory px-3 py-2 text-sm">
            <input type="checkbox" name="bono-visit" className="h-5 w-5 accent-rose-700" checked={on} disabled={!on && chosen.length >= sessions} onChange={() => onToggle(v.id)} />
            <span>
              <span className="first-letter:uppercase">{formatDateLong(start)}</span>, {formatTime(start)} · {v.serviceName}
              <span className="text-muted"> · {v.employeeName} · {formatEuros(v.price)}</span>
            </span>
          </label>
        );
      })}
      <p className="text-xs text-muted">Cada cita marcada usa una sesión del bono y ya no se cobra aparte.</p>
    </fieldset>
  );
}

export function BonoSaleForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const types = useQuery(saleTypesQuery());
  const rules = useQuery(discountRulesQuery());
  const [typeId, setTypeId] = useState('');
  const [method, setMethod] = useState<SaleMethod>('efectivo');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const type = types.data?.bonoTypes.find((t) => t.id === typeId);
  const visits = useQuery({ ...visitsForBonoQuery(clientId, typeId), enabled: !!typeId });
  const typed = amount.trim() === '' ? type?.price : parseEuros(amount);
  const discounted = type !== undefined && typed !== undefined && Number.isFinite(typed) && toCents(typed) !== toCents(type.price);
  const sale = useMutation({
    mutationFn: () =>
      sellBono(clientId, {
        bonoTypeId: typeId,
        paymentMethod: method,
        ...(amount.trim() ? { amount: parseEuros(amount) } : {}),
        ...(discounted ? { discountReason: reason } : {}),
        ...(chosen.length ? { appointmentIds: chosen } : {}),
      }),
    onSuccess: ({ bono }) => {
      toast.success(chosen.length ? `«${bono.name}» vendido: cubre ${chosen.length === 1 ? 'su cita reservada' : `${chosen.length} citas reservadas`}.` : `«${bono.name}» vendido.`);
      onDone();
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (typeId) sale.mutate();
  }
  if (types.isPending) return <InlineLoading text="Cargando bonos..." />;
  if (types.data?.bonoTypes.length === 0) return <p className="text-muted">No hay bonos a la venta. Créalos en «Bonos».</p>;
  return (
    <form onSubmit={submit} aria-label="Vender bono" className="grid gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:grid-cols-4 sm:items-end">
      <label className={`${label} sm:col-span-2`}>
        Bono
        <select
          name="bono-type"
          className={selectClass}
          style={chevron}
          value={typeId}
          onChange={(e) => {
            setTypeId(e.target.value);
            const t = types.data?.bonoTypes.find((x) => x.id === e.target.value);
            setAmount(t ? String(t.price).replace('.', ',') : '');
            setChosen([]);
          }}
        >
          <option value="">Elige un bono</option>
          {types.data?.bonoTypes.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} · {formatEuros(t.price)}
            </option>
          ))}
        </select>
      </label>
      <SaleMethodSelect name="bono-method" value={method} onChange={setMethod} />
      <label className={label}>
        Importe (€)
        <input name="bono-amount" inputMode="decimal" className={inputClass} value={amount} placeholder={type ? eurosText(type.price) : ''} onChange={(e) => setAmount(e.target.value)} />
      </label>
      {discounted && (
        <div className="sm:col-span-4">
          <DiscountReasonField reasons={rules.data?.discountReasons ?? []} value={reason} onChange={setReason} limitNote={discountLimitNote(rules.data)} name="bono-discount-reason" />
        </div>
      )}
      {type && (
        <div className="sm:col-span-4">
          {visits.isPending ? (
            <InlineLoading text="Buscando sus citas reservadas..." />
          ) : visits.isError ? (
            <Alert>{visits.error.message}</Alert>
          ) : (
            <VisitsToCover visits={visits.data.visits} chosen={chosen} sessions={visits.data.sessions} onToggle={(id) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]))} />
          )}
        </div>
      )}
      {sale.isError && (
        <div className="sm:col-span-4">
          <Alert>{sale.error.message}</Alert>
        </div>
      )}
      <div className="flex gap-2 sm:col-span-4">
        <Button type="submit" isDisabled={!typeId || sale.isPending}>
          {sale.isPending ? 'Vendiendo...' : 'Vender bono'}
        </Button>
        <Button variant="secondary" onPress={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
