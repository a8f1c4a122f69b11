import { Lock, Plus, UserCheck } from 'lucide-react';
import { memo, type RefObject } from 'react';
import { Button } from '../../components/button';
import { todayInSalon } from '../../lib/salon-today';
import type { BlockStart } from './block-sheet';
import { hhmm, minuteOf } from './day-layout';
import type { NewAppointmentStart } from './new-appointment';

// The day view's header buttons (React Aria's): "Bloquear hueco", "Cliente sin cita" (a walk-in
// now, the start rounded down to 5 minutes: ADR 058) and "Nueva cita". Memoised with stable props
// and the day read when pressed, so a day switch does not render them again (ADR 089).

export const DayActions = memo(function DayActions({
  day,
  onBlock,
  onNew,
}: {
  /** The day shown, read when a button is pressed. */
  day: RefObject<string>;
  onBlock: (start: BlockStart) => void;
  onNew: (start: NewAppointmentStart) => void;
}) {
  const walkIn = () => {
    const m = minuteOf(new Date());
    onNew({ date: todayInSalon(), time: hhmm(m - (m % 5)), walkIn: true });
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onPress={() => onBlock({ date: day.current })}>
        <Lock className="h-4 w-4" aria-hidden /> Bloquear hueco
      </Button>
      <Button variant="secondary" onPress={walkIn}>
        <UserCheck className="h-4 w-4" aria-hidden /> Cliente sin cita
      </Button>
      <Button onPress={() => onNew({ date: day.current })}>
        <Plus className="h-4 w-4" aria-hidden /> Nueva cita
      </Button>
    </div>
  );
});
