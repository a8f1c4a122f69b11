// The box's look by where it sits: the booking page's taller box, 4 a row from sm up; in a side
// sheet (the front desk's new appointment, moving an appointment), 5 a row from sm up.
const FIT = {
  page: { box: 'max-h-72 overflow-y-auto rounded-2xl border border-line/70 bg-ivory/60 p-2 sm:max-h-80', grid: 'grid grid-cols-3 gap-2 sm:grid-cols-4' },
  sheet: { box: 'max-h-56 overflow-y-auto rounded-2xl border border-line/70 bg-ivory/60 p-2', grid: 'grid grid-cols-3 gap-2 sm:grid-cols-5' },
} as const;

/** The free start times as buttons, the chosen one pressed, scrolling when the day is long. */
export function SlotButtons({
  slots,
  selected,
  onSelect,
  fit = 'sheet',
}: {
  slots: ReadonlyArray<{ time: string }>;
  selected: string | null;
  onSelect: (time: string) => void;
  fit?: keyof typeof FIT;
}) {
  return (
    <div role="group" aria-label="Horas disponibles" className={FIT[fit].box}>
      <ul className={FIT[fit].grid}>
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
