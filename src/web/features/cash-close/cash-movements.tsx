import { useState } from 'react';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { inputClass } from '../../components/input-class';
import { chevron, selectClass } from '../../components/select-class';
import { eurosOf } from '../../lib/euro-input';
import { formatTime } from '../../lib/format';
import { recordCashMovement, type TillDay } from '../../api/cash-close';
import { Card, signedEuros } from './till-ui';

// Cash put into the drawer or taken out of it by hand, each with its reason (a supplier paid in
// cash, takings taken to the bank, change brought in). Only today's drawer takes new ones.

export function CashMovements({ day, canAdd, onAdded }: { day: TillDay; canAdd: boolean; onAdded: (d: TillDay) => void }) {
  return (
    <Card title="Entradas y salidas de efectivo">
      {day.movements.length === 0 ? (
        <p className="text-sm text-muted">Ninguna entrada ni salida de efectivo.</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm" data-testid="cash-movements">
          {day.movements.map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-x-4 rounded-lg border border-line px-3 py-2">
              <span>
                <span className="text-muted tabular-nums">{formatTime(new Date(m.createdAt))}</span> ·{' '}
                {m.kind === 'entrada' ? 'Entrada' : 'Salida'}: {m.reason}
                <span className="text-muted"> ({m.byName})</span>
              </span>
              <strong className="tabular-nums">{signedEuros(m.kind === 'entrada' ? m.amount : -m.amount)}</strong>
            </li>
          ))}
        </ul>
      )}
      {canAdd && <MovementForm onAdded={onAdded} />}
    </Card>
  );
}

function MovementForm({ onAdded }: { onAdded: (d: TillDay) => void }) {
  const [kind, setKind] = useState<'salida' | 'entrada'>('salida');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { error, pending, onSubmit } = useSubmit(async () => {
    onAdded(await recordCashMovement({ kind, amount: eurosOf(amount), reason }));
    setAmount('');
    setReason('');
  }, CASH_CLOSE_MSG.movementFailed);
  return (
    <form
      aria-label="Anotar entrada o salida de efectivo"
      className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-[10rem_8rem_1fr_auto] sm:items-end"
      onSubmit={onSubmit}
    >
      <FormField label="Movimiento">
        {(control) => (
          <select
            {...control}
            className={selectClass}
            style={chevron}
            value={kind}
            onChange={(e) => setKind(e.target.value as 'salida' | 'entrada')}
          >
            <option value="salida">Salida</option>
            <option value="entrada">Entrada</option>
          </select>
        )}
      </FormField>
      <FormField label="Importe (€)">
        {(control) => (
          <input {...control} className={inputClass} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        )}
      </FormField>
      <FormField label="Motivo">
        {(control) => (
          <input
            {...control}
            className={inputClass}
            maxLength={300}
            placeholder="Por ejemplo: pago al proveedor de algodón"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary" isDisabled={pending || amount.trim() === '' || reason.trim() === ''}>
        Anotar
      </Button>
      {error && (
        <div className="sm:col-span-4">
          <Alert>{error}</Alert>
        </div>
      )}
    </form>
  );
}
