import type { ReactNode } from 'react';
import { formatEuros } from '../../lib/format';
import type { PublicServiceItem, SalonProfile } from '../../api/public-page';

// The services by category, each with its price and duration; choosing one opens the time picker
// (`picker`, from public-page.tsx) right under it, not after the whole list on a phone. Plain
// buttons: the list is in the server's HTML and works at once.

export function ServiceCatalog({ categories, selected, onPick, picker }: { categories: SalonProfile['categories']; selected: string; onPick: (s: PublicServiceItem) => void; picker: ReactNode }) {
  if (categories.length === 0) return <p className="rounded-2xl border border-dashed border-line p-5 text-muted">Aún no hay servicios para reservar.</p>;
  return (
    // space-y-2 plus each category's pb-6: the 2 rem between categories as before.
    <div className="space-y-2">
      {categories.map((c) => (
        // Below the first screen a category is styled, laid out and painted only when it nears the
        // viewport (content-visibility: auto): the list is most of the page on a phone, and its style
        // and layout were most of the first view's main-thread work (docs/benchmarks.md, /reservar).
        // Until then its height is guessed from its rows (then remembered), so the page's length
        // hardly moves; the padding keeps the card's shadow inside the containment's clip. It stays in
        // the page, the accessibility tree and find-in-page.
        <section
          key={c.name}
          aria-labelledby={`cat-${c.name}`}
          className="-mx-3 px-3 pb-6 last:-mb-6 [content-visibility:auto]"
          style={{ containIntrinsicSize: `auto ${4.5 + c.services.length * 7.5}rem` }}
        >
          <h3 id={`cat-${c.name}`} className="text-xs font-semibold tracking-[0.14em] text-rose-800 uppercase">
            {c.name}
          </h3>
          <ul className="mt-3 divide-y divide-line/80 rounded-[var(--radius-card)] border border-line/80 bg-white shadow-soft">
            {c.services.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  aria-pressed={selected === s.id}
                  onClick={() => onPick(s)}
                  className={`flex w-full cursor-pointer items-start justify-between gap-4 p-4 text-left hover:bg-rose-50/60 sm:p-5 ${selected === s.id ? 'bg-rose-50' : ''}`}
                >
                  <span className="min-w-0">
                    <span className="block font-medium">{s.name}</span>
                    {s.description && <span className="mt-1 block text-sm text-muted">{s.description}</span>}
                    <span className="mt-1 block text-sm text-muted">{s.duration} min</span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span className="block font-semibold">{formatEuros(s.price)}</span>
                    <span className="mt-1 block text-sm font-medium text-rose-800">{selected === s.id ? 'Elegido' : 'Reservar'}</span>
                  </span>
                </button>
                {selected === s.id && <div className="px-3 pb-4 sm:px-5">{picker}</div>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
