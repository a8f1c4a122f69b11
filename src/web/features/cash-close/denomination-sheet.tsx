import { DENOMINATIONS, denominationLabel, isNote } from '../../../domain/cash-close';
import { formatEuros } from '../../lib/format';

// The counting sheet: how many of each euro note and coin are in the drawer. The total is the
// domain's count (in cents); empty fields count as none.

export type SheetCounts = Record<number, string>;

/** The sheet's lines as the API takes them (value in euros), and its total in cents; null when a count is not a whole number. */
export function sheetLines(counts: SheetCounts): { lines: { value: number; count: number }[]; cents: number } | null {
  const lines: { value: number; count: number }[] = [];
  let cents = 0;
  for (const d of DENOMINATIONS) {
    const typed = (counts[d] ?? '').trim();
    if (typed === '') continue;
    if (!/^\d{1,5}$/.test(typed)) return null;
    const count = Number(typed);
    lines.push({ value: d / 100, count });
    cents += d * count;
  }
  return { lines, cents };
}

export function DenominationSheet({ counts, onChange }: { counts: SheetCounts; onChange: (c: SheetCounts) => void }) {
  const groups = [
    { title: 'Billetes', items: DENOMINATIONS.filter(isNote) },
    { title: 'Monedas', items: DENOMINATIONS.filter((d) => !isNote(d)) },
  ];
  return (
    <div className="grid gap-5 sm:grid-cols-2" data-testid="denomination-sheet">
      {groups.map((g) => (
        <fieldset key={g.title} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold tracking-wide text-muted uppercase">{g.title}</legend>
          {g.items.map((d) => {
            const typed = counts[d] ?? '';
            const subtotal = /^\d{1,5}$/.test(typed.trim()) ? (d * Number(typed)) / 100 : 0;
            return (
              <label key={d} className="grid grid-cols-[4.5rem_6rem_1fr] items-center gap-3 text-sm">
                <span className="font-medium tabular-nums">{denominationLabel(d)}</span>
                <input
                  aria-label={`Cantidad de ${denominationLabel(d)}`}
                  className="min-h-11 w-full rounded-xl border border-line bg-white px-3 py-2 text-right tabular-nums outline-none focus:border-rose-500 focus:ring-3 focus:ring-rose-100"
                  inputMode="numeric"
                  value={typed}
                  onChange={(e) => onChange({ ...counts, [d]: e.target.value })}
                />
                <span className="text-right text-muted tabular-nums">{subtotal ? formatEuros(subtotal) : ''}</span>
              </label>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
