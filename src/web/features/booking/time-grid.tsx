type Slot = { time: string };

// The booking page's own copy of components/slot-buttons.tsx (same buttons; a taller box, 4 a row
// from sm up). Not shared on purpose: a module the booking page shares with the staff's screens
// becomes a chunk of its own in this first view, +0.28 KB gzipped measured (124.7 -> 125.0 KB
// of 125; docs/decisions/009-client-bundle-budget.md).

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
