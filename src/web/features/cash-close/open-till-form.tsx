import { useState } from 'react';
import { CASH_CLOSE_MSG } from '../../../domain/texts/cash-close';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { inputClass } from '../../components/input-class';
import { eurosOf } from '../../lib/euro-input';
import { openTill, type TillDay } from '../../api/cash-close';
import { Card } from './till-ui';

// Opening the day: the float (fondo de caja) the drawer starts with. A day gone by that nobody
// opened is opened here too, with the float it started with, so that it can be closed.

export function OpenTillForm({ date, isToday, onOpened }: { date: string; isToday: boolean; onOpened: (d: TillDay) => void }) {
  const [float, setFloat] = useState('');
  const { error, pending, onSubmit } = useSubmit(async () => {
    onOpened(await openTill(date, eurosOf(float)));
  }, CASH_CLOSE_MSG.openFailed);
  return (
    <Card title="Abrir la caja">
      <p className="mb-4 text-muted">
        {isToday
          ? 'Antes del primer cobro, cuenta el cambio con el que empieza el cajón.'
          : 'Este día no se abrió la caja. Indica el fondo con el que empezó para poder cerrarla.'}
      </p>
      <form aria-label="Abrir la caja" className="flex flex-col gap-4 sm:flex-row sm:items-end" onSubmit={onSubmit}>
        <FormField label="Fondo de caja (€)" className="sm:w-56">
          {(control) => (
            <input
              {...control}
              className={inputClass}
              inputMode="decimal"
              placeholder="150,00"
              value={float}
              onChange={(e) => setFloat(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" isDisabled={pending || float.trim() === ''} className="w-full sm:w-auto">
          Abrir la caja
        </Button>
      </form>
      {error && (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      )}
    </Card>
  );
}
