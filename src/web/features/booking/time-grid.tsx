type Slot = { time: string };

/** The free start times: 3 columns on a phone, 4 from sm up, scrolling when the day is long. */
export function TimeGrid({ slots, selected, onSelect }: { slots: readonly Slot[]; selected: string | null; onSelect: (time: string) => void }) {
  return (
    <div role="group" aria-label="Horas disponibles" className="max-h-72 overflow-y-auto rounded-2xl border border-line/70 bg-ivory/60 p-2 sm:max-h-80">
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {slots.map((s) => {
          const isSelected = s.time === selected;
          return (
            <li key={s.time}>
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(s.time)}
                className={`min-h-11 w-full cursor-pointer rounded-xl border text-[0.95rem] font-medium tabular-nums transition-colors ${
                  isSelected ? 'border-rose-700 bg-rose-700 text-white shadow-soft' : 'border-line bg-white text-ink hover:border-rose-500 hover:bg-rose-50'
                }`}
              >
                {s.time}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
