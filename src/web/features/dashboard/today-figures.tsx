import { CalendarCheck, CheckCheck, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatEuros } from '../../lib/format';
import type { Dashboard } from '../../api/dashboard';

type Stats = Dashboard['stats'];

/** The three figures, in their order on the page (the revenue goes last on phones). */
const FIGURES: {
  testId: string;
  icon: LucideIcon;
  label: string;
  value: (s: Stats) => string;
  hint: (s: Stats | undefined) => ReactNode;
  className?: string;
}[] = [
  {
    testId: 'stat-today',
    icon: CalendarCheck,
    label: 'Citas de Hoy',
    value: (s) => String(s.todayCount),
    hint: () => 'Confirmadas y completadas',
  },
  {
    testId: 'stat-revenue',
    icon: Wallet,
    label: 'Ingresos Potenciales',
    value: (s) => formatEuros(s.potentialRevenue),
    hint: () => 'Suma de sus precios',
    className: 'order-last col-span-2 sm:order-none sm:col-span-1',
  },
  {
    testId: 'stat-completed',
    icon: CheckCheck,
    label: 'Citas Completadas',
    value: (s) => `${s.completedCount} / ${s.todayCount}`,
    hint: (s) => (s ? <Progress done={s.completedCount} of={s.todayCount} /> : 'De las citas de hoy'),
  },
];

/** Today's three figures; '—' each when the dashboard could not be loaded, a placeholder while it loads. */
export function TodayFigures({ stats, failed }: { stats: Stats | undefined; failed: boolean }) {
  return (
    <section aria-label="Cifras de hoy" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {FIGURES.map(({ value, hint, ...f }) => (
        <StatCard key={f.testId} {...f} value={failed ? '—' : stats ? value(stats) : undefined} hint={hint(stats)} />
      ))}
    </section>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  testId,
  className = '',
}: {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  hint: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      data-testid={testId}
      className={`rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft sm:p-5 ${className}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm leading-snug font-medium text-muted">{label}</p>
        <span className="-mt-0.5 hidden h-9 w-9 shrink-0 place-items-center rounded-full bg-rose-50 text-rose-700 sm:grid" aria-hidden>
          <Icon className="h-4.5 w-4.5" />
        </span>
      </div>
      {value === undefined ? (
        <span className="mt-2 block h-9 w-24 animate-pulse rounded-lg bg-sand" aria-label="Cargando" />
      ) : (
        <p
          data-testid={`${testId}-value`}
          className="mt-1 font-serif text-[2.1rem] leading-tight font-semibold whitespace-nowrap lining-nums tabular-nums sm:text-[2.6rem]"
        >
          {value}
        </p>
      )}
      <div className="mt-1 text-xs text-muted">{hint}</div>
    </div>
  );
}

function Progress({ done, of }: { done: number; of: number }) {
  const pct = of === 0 ? 0 : Math.round((done / of) * 100);
  return (
    <div className="flex items-center gap-2">
      <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-sand" aria-hidden>
        <div className="h-full rounded-full bg-sage" style={{ width: `${pct}%` }} />
      </div>
      <span>{of === 0 ? 'Sin citas hoy' : `${pct} %`}</span>
    </div>
  );
}
