import { useQueryClient } from '@tanstack/react-query';
import { SquarePen } from 'lucide-react';
import { useState } from 'react';
import { mayCorrectPayments } from '../../../domain/cash-close';
import { PAYMENT_METHOD_LABEL } from '../../../domain/payment-methods';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { inputClass } from '../../components/input-class';
import { chevron, selectClass } from '../../components/select-class';
import { Sheet } from '../../components/sheet';
import { eurosOf, eurosText } from '../../lib/euro-input';
import { formatDateShort, formatEuros, formatTime } from '../../lib/format';
import { correctPaymentLine, voidPaymentLine, type CajaDay, type LineCorrection } from '../../api/payments';
import { useSession } from '../../api/session';

// A payment line in the Caja: what the admin did to it (voided or corrected, by whom, when, why),
// and her way to do it (ADR 054). A line is never edited: a void stops it counting, a correction
// adds the corrected line beside it; either way the visit is collectable again for what is left.

type Line = CajaDay['payments'][number];
const METHODS = ['efectivo', 'tarjeta', 'bizum', 'otro'] as const;

export function VoidedNote({ line }: { line: Line }) {
  if (!line.voidedAt) return null;
  const what = line.voidKind === 'void' ? 'Anulado' : 'Corregido';
  return (
    <span className="block text-xs text-brick" data-testid="payment-voided">
      {what} por {line.voidedByName} el {formatDateShort(new Date(line.voidedAt))} a las {formatTime(new Date(line.voidedAt))}:{' '}
      {line.voidReason}
    </span>
  );
}

export function PaymentLineActions({ line }: { line: Line }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (line.voidedAt || !mayCorrectPayments(user?.role)) return null;
  return (
    <>
      <button
        type="button"
        className="-my-2 ml-1 inline-grid h-9 w-9 cursor-pointer place-items-center rounded-full align-middle text-muted hover:bg-sand hover:text-ink focus-visible:outline-3 focus-visible:outline-gold"
        onClick={() => setOpen(true)}
        title="Anular o corregir"
        aria-label={`Anular o corregir el cobro de ${line.clientName}, ${formatEuros(line.amount)}`}
      >
        <SquarePen className="h-4 w-4" aria-hidden />
      </button>
      <Sheet isOpen={open} title="Anular o corregir un cobro" onClose={() => setOpen(false)}>
        <CorrectionForm line={line} onDone={() => setOpen(false)} />
      </Sheet>
    </>
  );
}

function CorrectionForm({ line, onDone }: { line: Line; onDone: () => void }) {
  const qc = useQueryClient();
  const cardLine = line.method === 'tarjeta_regalo';
  const [kind, setKind] = useState<'void' | 'correct'>('void');
  const [method, setMethod] = useState<LineCorrection['method']>(cardLine ? 'efectivo' : (line.method as LineCorrection['method']));
  const [amount, setAmount] = useState(eurosText(line.amount));
  const [reason, setReason] = useState('');
  const { error, pending, onSubmit } = useSubmit(async () => {
    await (kind === 'void' ? voidPaymentLine(line.id, reason) : correctPaymentLine(line.id, { method, amount: eurosOf(amount), reason }));
    await Promise.all([
      qc.invalidateQueries({ queryKey: ['caja'] }),
      qc.invalidateQueries({ queryKey: ['payments', line.appointmentId] }),
      qc.invalidateQueries({ queryKey: ['cash-close'] }),
    ]);
    onDone();
  }, CASH_CLOSE_MSG.correctionFailed);
  return (
    <form aria-label="Anular o corregir el cobro" className="flex flex-col gap-4" onSubmit={onSubmit}>
      <p className="text-sm text-muted">
        {line.serviceName} · {line.clientName} · {PAYMENT_METHOD_LABEL[line.method]} {formatEuros(line.amount)},{' '}
        {formatDateShort(new Date(line.createdAt))} a las {formatTime(new Date(line.createdAt))}
      </p>
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-1 font-medium">¿Qué quieres hacer?</legend>
        <label className="flex items-center gap-2">
          <input type="radio" className="h-4 w-4 accent-rose-700" name="kind" checked={kind === 'void'} onChange={() => setKind('void')} />{' '}
          Anular la línea (deja de contar; la cita se puede volver a cobrar)
        </label>
        <label className={`flex items-center gap-2 ${cardLine ? 'text-muted' : ''}`}>
          <input
            type="radio"
            className="h-4 w-4 accent-rose-700"
            name="kind"
            disabled={cardLine}
            checked={kind === 'correct'}
            onChange={() => setKind('correct')}
          />{' '}
          Corregir el método o el importe
        </label>
        {cardLine && <span className="text-xs text-muted">{CASH_CLOSE_MSG.correctionGiftCard}</span>}
      </fieldset>
      {kind === 'correct' && (
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Método correcto">
            {(control) => (
              <select
                {...control}
                className={selectClass}
                style={chevron}
                value={method}
                onChange={(e) => setMethod(e.target.value as LineCorrection['method'])}
              >
                {METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABEL[m]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Importe correcto (€)">
            {(control) => (
              <input {...control} className={inputClass} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            )}
          </FormField>
        </div>
      )}
      <FormField label="Motivo" description="Queda registrado con tu nombre, en la caja, en su CSV y en el cierre del día.">
        {(control) => (
          <input {...control} className={inputClass} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </FormField>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" variant={kind === 'void' ? 'danger' : 'primary'} isDisabled={pending || reason.trim() === ''}>
        {kind === 'void' ? 'Anular la línea' : 'Guardar la corrección'}
      </Button>
    </form>
  );
}
