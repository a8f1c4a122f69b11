/**
 * Free start times as buttons (the front desk's new appointment, moving an appointment), 3-5 a row.
 * The booking page has its own (features/booking/time-grid.tsx: the bundle budget says why).
 */
export function SlotButtons({ slots, selected, onSelect }: { slots: ReadonlyArray<{ time: string }>; selected: string | null; onSelect: (time: string) => void }) {
  return (
    <div role="group" aria-label="Horas disponibles" className="max-h-56 overflow-y-auto rounded-2xl border border-line/70 bg-ivory/60 p-2">
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {slots.map((s) => (
          <li key={s.time}>
            <button
              type="button"
              aria-pressed={s.time === selected}
              onClick={() => onSelect(s.time)}
              className={`min-h-11 w-full cursor-pointer rounded-xl border text-[0.95rem] font-medium tabular-nums transition-colors ${
                s.time === selected ? 'border-rose-700 bg-rose-700 text-white shadow-soft' : 'border-line bg-white text-ink hover:border-rose-500 hover:bg-rose-50'
              }`}
            >
              {s.time}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
