import type { DayAbsence } from '../../api/front-desk';
import { placeBlock, type DayHours } from './day-layout';

// A time off, a block or a maintenance in its column (ADR 058): drawn over the free time it takes,
// its label readable. A block is the desk's own: a click opens it to be removed.

const TONE =
  'border-l-4 border-[#b9aea9] bg-[repeating-linear-gradient(135deg,#EEE9E6_0,#EEE9E6_5px,#F7F4F2_5px,#F7F4F2_10px)] text-[#5A5254]';

export function AbsenceBand({ hours, absence: x, onBlock }: { hours: DayHours; absence: DayAbsence; onBlock: (id: string) => void }) {
  const place = placeBlock(hours, x.startMinute, x.endMinute);
  if (!place) return null;
  const style = { top: `${place.top}%`, height: `${place.height}%` };
  const text = <span className="block overflow-hidden text-ellipsis whitespace-nowrap">{x.label}</span>;
  return x.kind === 'block' ? (
    <button
      type="button"
      onClick={() => onBlock(x.id)}
      className={`absolute inset-x-1 z-[1] overflow-hidden rounded-md px-2 py-0.5 text-left text-xs font-medium ${TONE}`}
      style={style}
      data-absence="block"
      title={x.label}
    >
      {text}
    </button>
  ) : (
    <div
      className={`pointer-events-none absolute inset-x-0 z-[1] px-2 py-0.5 text-xs ${TONE}`}
      style={style}
      data-absence={x.kind}
      title={x.label}
    >
      {text}
    </div>
  );
}
