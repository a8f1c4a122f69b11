import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronDown, Plus } from 'lucide-react';
import { lazy, memo, Suspense, useState } from 'react';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { deskWaitingListQuery } from '../../api/waiting-list';
import { WaitingListEntry } from './waiting-list-entry';

// The day's waiting list beside the day view (ADR 073, 090): who waits for this day, first come
// first, with the times free now that fit her. At desk width (xl, 1280 px) a column beside the
// grid, always open; narrower, under the grid and folded to its heading with the count. Its own
// chunk, loaded after the grid, its query keyed on the day; memoised, so the page's other renders
// (the clock line, a sheet opening) do not redraw it.

const WaitingListAdd = lazy(() => import('./waiting-list-add'));

function WaitingListPanel({ date }: { date: string }) {
  // The day before's list stays while the next loads: the column does not jump on a day switch.
  const list = useQuery({ ...deskWaitingListQuery(date), refetchInterval: 30_000, placeholderData: keepPreviousData });
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const n = list.data?.length ?? 0;
  return (
    <section
      aria-labelledby="lista-espera"
      className="mt-6 rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft xl:sticky xl:top-4 xl:mt-0 xl:p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="lista-espera" className="font-serif text-2xl">
          <button
            type="button"
            className="flex min-h-11 items-center gap-2 text-left xl:pointer-events-none"
            aria-expanded={open}
            aria-controls="lista-espera-cuerpo"
            onClick={() => setOpen((o) => !o)}
          >
            {WAITING_MSG.title} {list.data && <span className="font-sans text-base text-muted">({n})</span>}
            <ChevronDown className={`h-5 w-5 text-muted transition-transform xl:hidden ${open ? 'rotate-180' : ''}`} aria-hidden />
          </button>
        </h2>
        <button
          type="button"
          className="flex min-h-11 items-center gap-1 rounded-xl px-2 text-sm font-medium text-rose-700 hover:bg-rose-50"
          onClick={() => setAdding(true)}
        >
          <Plus className="h-4 w-4" aria-hidden /> Añadir
        </button>
      </div>
      <div id="lista-espera-cuerpo" className={`${open ? '' : 'hidden'} xl:block ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
        {list.isError ? (
          <p className="mt-2 text-sm text-muted">{list.error.message}</p>
        ) : list.isPending ? null : n === 0 ? (
          <p className="mt-2 text-sm text-muted">Nadie espera un hueco este día.</p>
        ) : (
          <ul className="mt-2">
            {list.data.map((e) => (
              <WaitingListEntry key={e.id} entry={e} date={date} />
            ))}
          </ul>
        )}
      </div>
      {adding && (
        <Suspense fallback={null}>
          <WaitingListAdd date={date} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </section>
  );
}

export default memo(WaitingListPanel);
