import { useState } from 'react';
import { cashDifference, isCashAmount, COUNTED_MAX } from '../../../domain/cash-close';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { inputClass } from '../../components/input-class';
import { eurosOf } from '../../lib/euro-input';
import { formatEuros } from '../../lib/format';
import { closeTill, type TillDay } from '../../api/cash-close';
import { DenominationSheet, sheetLines, type SheetCounts } from './denomination-sheet';
import { Difference } from './till-ui';

// The count and the close: what is in the drawer (one figure, or note by note), against what is
// expected; a difference needs its reason. What the desk saw as expected goes with the close: if
// money moved meanwhile the server says so, and the desk looks again.

export function CountForm({ date, expected, onClosed }: { date: string; expected: number; onClosed: (d: TillDay) => void }) {
  const [bySheet, setBySheet] = useState(false);
  const [typed, setTyped] = useState('');
  const [counts, setCounts] = useState<SheetCounts>({});
  const [reason, setReason] = useState('');
  const sheet = bySheet ? sheetLines(counts) : null;
  const counted = bySheet ? (sheet ? sheet.cents / 100 : Number.NaN) : eurosOf(typed);
  const valid = isCashAmount(counted, COUNTED_MAX);
  const difference = valid ? cashDifference(counted, expected) : 0;
  const { error, pending, onSubmit } = useSubmit(async () => {
    onClosed(
      await closeTill(date, { counted, expected, ...(sheet ? { count: sheet.lines } : {}), ...(difference !== 0 ? { reason } : {}) }),
    );
  }, CASH_CLOSE_MSG.closeFailed);
  return (
    <form aria-label="Contar y cerrar la caja" className="flex flex-col gap-5" onSubmit={onSubmit}>
      {bySheet ? (
        <DenominationSheet counts={counts} onChange={setCounts} />
      ) : (
        <FormField label="Efectivo contado (€)" description="Todo el efectivo del cajón, fondo incluido." className="max-w-xs">
          {(control) => (
            <input {...control} className={inputClass} inputMode="decimal" value={typed} onChange={(e) => setTyped(e.target.value)} />
          )}
        </FormField>
      )}
      <button
        type="button"
        className="self-start text-sm font-medium text-rose-800 underline underline-offset-2"
        onClick={() => setBySheet(!bySheet)}
      >
        {bySheet ? 'Escribir solo el total' : 'Contar por billetes y monedas'}
      </button>
      <dl className="grid grid-cols-3 gap-3 rounded-2xl bg-ivory p-4 text-center" data-testid="count-summary">
        <div>
          <dt className="text-xs text-muted uppercase">Esperado</dt>
          <dd className="font-serif text-2xl lining-nums tabular-nums">{formatEuros(expected)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted uppercase">Contado</dt>
          <dd className="font-serif text-2xl lining-nums tabular-nums">{valid ? formatEuros(counted) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted uppercase">Diferencia</dt>
          <dd className={valid ? 'pt-1.5' : 'font-serif text-2xl'}>{valid ? <Difference amount={difference} /> : '—'}</dd>
        </div>
      </dl>
      {valid && difference !== 0 && (
        <FormField label="Motivo de la diferencia" description="Queda en el cierre y en el CSV de la caja.">
          {(control) => (
            <textarea
              {...control}
              className={`${inputClass} min-h-20`}
              maxLength={300}
              placeholder="Por ejemplo: cambio mal devuelto"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
      )}
      {error && <Alert>{error}</Alert>}
      <Button
        type="submit"
        isDisabled={pending || !valid || (difference !== 0 && reason.trim() === '')}
        className="w-full sm:w-auto sm:self-start"
      >
        Cerrar la caja
      </Button>
    </form>
  );
}
