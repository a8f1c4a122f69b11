import { useState } from 'react';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { inputClass } from '../../components/input-class';
import { reopenTill, type TillDay } from '../../api/cash-close';

// The admin's reopening of a closed day (ADR 054): with a reason; the close stays as history and
// the desk closes the day again when it is ready. Asked for first, so that a tap never reopens.

export function ReopenForm({ date, onReopened }: { date: string; onReopened: (d: TillDay) => void }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const { error, pending, onSubmit } = useSubmit(async () => {
    onReopened(await reopenTill(date, reason));
  }, CASH_CLOSE_MSG.reopenFailed);
  if (!asking) {
    return (
      <Button variant="secondary" className="mt-6" onPress={() => setAsking(true)}>
        Reabrir la caja
      </Button>
    );
  }
  return (
    <form aria-label="Reabrir la caja" className="mt-6 flex flex-col gap-3 border-t border-line pt-4" onSubmit={onSubmit}>
      <FormField label="Motivo para reabrir" description="El cierre se guarda tal como está; la caja se vuelve a cerrar después.">
        {(control) => (
          <input {...control} className={inputClass} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </FormField>
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" onPress={() => setAsking(false)}>
          Volver
        </Button>
        <Button type="submit" isDisabled={pending || reason.trim() === ''}>
          Reabrir la caja
        </Button>
      </div>
    </form>
  );
}
