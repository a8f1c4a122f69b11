import { CheckCircle2, LockOpen } from 'lucide-react';
import type { TillDay } from '../../api/cash-close';
import { formatEuros, formatTime } from '../../lib/format';
import { CashFigures } from './cash-figures';
import { CashMovements } from './cash-movements';
import { ClosedTill, EarlierCloses } from './closed-till';
import { CountForm } from './count-form';
import { OpenTillForm } from './open-till-form';
import { Card } from './till-ui';

// One day's till, by its state: not opened (the float first), open (the cash of the day, cash put
// in and taken out, the count and the close), closed (the close, what changed after it).

export function TillOfDay({ day, onChange }: { day: TillDay; onChange: (d: TillDay) => void }) {
  const isToday = day.date === day.today;
  if (day.state === 'not_opened') {
    return (
      <div className="flex flex-col gap-6">
        <OpenTillForm date={day.date} isToday={isToday} onOpened={onChange} />
        <CashFigures day={day} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {day.state === 'open' && day.opening && (
        <p className="text-sm text-muted" data-testid="till-opened">
          <LockOpen className="mr-1.5 inline h-4 w-4 align-[-3px] text-sage" aria-hidden />
          Caja abierta por <strong className="font-medium text-ink">{day.opening.openedByName}</strong> a las{' '}
          {formatTime(new Date(day.opening.openedAt))}, con un fondo de {formatEuros(day.opening.openingFloat)}.
        </p>
      )}
      {day.close ? <ClosedTill day={day} close={day.close} onReopened={onChange} /> : <CashFigures day={day} />}
      {(isToday || day.movements.length > 0) && <CashMovements day={day} canAdd={isToday && day.state === 'open'} onAdded={onChange} />}
      {day.state === 'open' && (
        <Card title="Contar y cerrar">
          <CountForm date={day.date} expected={day.figures.expected} onClosed={onChange} />
        </Card>
      )}
      {day.reopened.length > 0 && <EarlierCloses closes={day.reopened} />}
      {day.state === 'closed' && day.close && day.close.changes.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <CheckCircle2 className="h-4 w-4 text-sage" aria-hidden />
          Nada ha cambiado en el dinero de este día desde el cierre.
        </p>
      )}
    </div>
  );
}
