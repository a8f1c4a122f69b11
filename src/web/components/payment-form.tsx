import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { maskedGiftCardCode } from '../../domain/gift-cards';
import { sumEuros, toCents } from '../../domain/money';
import { PAYMENT_METHOD_LABEL } from '../../domain/payment-methods';
import { DESK_PAYMENT_METHODS, PAYMENT_LINES_MAX, type DeskPaymentMethod } from '../../domain/payments';
import { STAFF_MSG } from '../../domain/texts/staff';
import { formatEuros, formatTime } from '../lib/format';
import { Alert } from './alert';
import { Button } from './button';
import { DiscountReasonField, discountLimitNote } from './discount-reason-field';
import { inputClass } from './input-class';
import { InlineLoading } from './loading';
import type { DiscountRules, PaymentCalls, PaymentsSummary } from './payment-calls';
import { chevron, selectClass } from './select-class';

// The cobro of an appointment (ADR 039), in the day view's details and the employee's agenda:
// what was paid so far, and new lines (part card, part cash) recorded together. The server
// decides (price, card balance, expiry); its Spanish refusal is shown as it is.

type Draft = { key: number; method: DeskPaymentMethod; amount: string; code: string };

const amountOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));
const amountText = (n: number) => (n > 0 ? n.toFixed(2).replace('.', ',') : '');

/** "Cobro": the lines so far and, while something is left to pay, the form for the rest. */
export function PaymentSection({ appointmentId, calls, onRecorded }: { appointmentId: string; calls: PaymentCalls; onRecorded?: () => void }) {
  const state = calls.usePayments(appointmentId);
  const rules = calls.useDiscountRules();
  return (
    <section className="mt-6 rounded-xl border border-line p-4" aria-label="Cobro">
      <h3 className="mb-3 font-serif text-lg">Cobro</h3>
      {state.isPending ? (
        <InlineLoading text="Cargando cobros..." />
      ) : state.isError || !state.data ? (
        <Alert>{state.error?.message ?? STAFF_MSG.paymentsLoadFailed}</Alert>
      ) : (
        <>
          <PaymentHistory summary={state.data} />
          {state.data.remaining > 0 && state.data.appointment.payable && (
            <PaymentLinesForm
              key={state.data.payments.length}
              remaining={state.data.remaining}
              rules={rules.data}
              onSubmit={async (body) => {
                await calls.record(appointmentId, body);
                void state.refetch();
                onRecorded?.();
              }}
            />
          )}
          {state.data.remaining > 0 && !state.data.appointment.payable && (
            <p className="text-sm text-muted">Se podrá cobrar cuando la cita haya empezado o esté completada.</p>
          )}
        </>
      )}
    </section>
  );
}

function PaymentHistory({ summary: s }: { summary: PaymentsSummary }) {
  return (
    <>
      <p className="text-sm" data-testid="payment-status">
        Cobrado <strong>{formatEuros(s.paid)}</strong> de {formatEuros(s.appointment.price)}
        {s.bono ? (
          <> · se paga con {s.bono.name}{s.bono.spent ? ' (sesión gastada)' : ''}</>
        ) : s.remaining > 0 ? (
          <> · quedan {formatEuros(s.remaining)}</>
        ) : s.discounted ? (
          <> · cobrada con descuento</>
        ) : (
          <> · cobrada entera</>
        )}
      </p>
      {s.payments.length > 0 && (
        <ul className="mt-2 mb-3 flex flex-col gap-1.5 text-sm">
          {s.payments.map((l) => (
            <li key={l.id} className="rounded-lg bg-ivory/70 px-3 py-2">
              <span className={l.voidedAt ? 'text-muted line-through' : ''}>
                <span className="font-medium">{PAYMENT_METHOD_LABEL[l.method]}</span>
                {l.giftCardLast4 && <span className="text-muted"> {maskedGiftCardCode(l.giftCardLast4)}</span>}: {formatEuros(l.amount)}
              </span>
              <span className="text-muted">
                {' '}
                · {l.recordedByName}, {formatTime(new Date(l.createdAt))}
              </span>
              {l.discountReason && <span className="block text-muted">Descuento: {l.discountReason}</span>}
              {l.voidedAt && (
                <span className="block text-brick">
                  {l.voidKind === 'void' ? 'Anulado' : 'Corregido'}: {l.voidReason}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type Submit = (body: { lines: { method: DeskPaymentMethod; amount: number; giftCardCode?: string }[]; discountReason?: string }) => Promise<void>;

function PaymentLinesForm({ remaining, rules, onSubmit }: { remaining: number; rules: DiscountRules | undefined; onSubmit: Submit }) {
  const [lines, setLines] = useState<Draft[]>([{ key: 0, method: 'efectivo', amount: amountText(remaining), code: '' }]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const amounts = lines.map((l) => amountOf(l.amount));
  const valid = amounts.every((a) => Number.isFinite(a) && a > 0);
  const total = valid ? sumEuros(amounts) : 0;
  const short = valid && toCents(total) < toCents(remaining);
  const set = (key: number, patch: Partial<Draft>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      await onSubmit({
        lines: lines.map((l) => ({ method: l.method, amount: amountOf(l.amount), ...(l.method === 'tarjeta_regalo' ? { giftCardCode: l.code } : {}) })),
        ...(short ? { discountReason: reason } : {}),
      });
    } catch (err) {
      setError(err instanceof Error ? err.message : STAFF_MSG.paymentFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-3"
      aria-label="Registrar cobro"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {lines.map((l, i) => (
        <fieldset key={l.key} className="grid grid-cols-[1fr_7rem_auto] items-end gap-2" aria-label={`Línea ${i + 1}`}>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Método
            <select className={selectClass} style={chevron} value={l.method} onChange={(e) => set(l.key, { method: e.target.value as DeskPaymentMethod })}>
              {DESK_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABEL[m]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Importe (€)
            <input className={inputClass} inputMode="decimal" value={l.amount} onChange={(e) => set(l.key, { amount: e.target.value })} />
          </label>
          <Button
            variant="secondary"
            aria-label={`Quitar la línea ${i + 1}`}
            isDisabled={lines.length === 1}
            onPress={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
          {l.method === 'tarjeta_regalo' && (
            <label className="col-span-3 flex flex-col gap-1 text-sm font-medium">
              Código de la tarjeta regalo
              <input
                className={`${inputClass} font-mono tracking-wider uppercase`}
                placeholder="K7MR-4QXP-2H"
                autoComplete="off"
                value={l.code}
                onChange={(e) => set(l.key, { code: e.target.value })}
              />
            </label>
          )}
        </fieldset>
      ))}
      {lines.length < PAYMENT_LINES_MAX && (
        <Button
          variant="secondary"
          className="self-start"
          onPress={() => setLines((ls) => [...ls, { key: Math.max(...ls.map((x) => x.key)) + 1, method: 'efectivo', amount: amountText(Math.max(0, remaining - total)), code: '' }])}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Añadir otro método
        </Button>
      )}
      {short && (
        // A discount's reason (ADR 052): the owner's, or a real one written out; the staff within her limit.
        <div className="flex flex-col gap-1">
          <p className="text-xs text-muted">El total ({formatEuros(total)}) es menor que lo que queda por cobrar ({formatEuros(remaining)}).</p>
          <DiscountReasonField reasons={rules?.discountReasons ?? []} value={reason} onChange={setReason} limitNote={discountLimitNote(rules)} name="payment-discount-reason" />
        </div>
      )}
      {error && <Alert>{error}</Alert>}
      <Button type="submit" isDisabled={pending || !valid} className="self-start">
        Registrar cobro {valid ? formatEuros(total) : ''}
      </Button>
    </form>
  );
}
