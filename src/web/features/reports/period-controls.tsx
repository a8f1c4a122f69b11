import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { isSalonDay } from '../../../domain/calendar-date';
import { PERIOD_LABEL, REPORT_PERIODS, type ReportPeriodKind } from '../../../domain/reports';
import { DateFilter } from '../../components/lazy-date-filter';
import { chevron, selectClass } from '../../components/select-class';
import { employeesQuery } from '../../api/employees';
import type { ReportParams } from '../../api/reports';

// The Informes' period and professional, kept in the address (?periodo=&desde=&hasta=&profesional=)
// so a report can be bookmarked and the back button goes back to the previous one.

export type Selection = { params: ReportParams | null; custom: { from: string; to: string }; professionalId: string; kind: ReportPeriodKind; lostDays: string };

/** How long without a visit makes a client one the salon is losing (90 by default, ADR 042). */
export const LOST_DAY_CHOICES = ['30', '60', '90', '180', '365'];

const isPeriod = (v: string | null): v is ReportPeriodKind => REPORT_PERIODS.includes(v as ReportPeriodKind);

/**
 * What the address asks for; `params` is null while a custom period is still being typed. The lost
 * clients' days are not in `params`: only the clients report takes them, so choosing them refetches
 * that report alone.
 */
export function useSelection(): [Selection, (patch: Record<string, string>) => void] {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('periodo');
  const kind: ReportPeriodKind = isPeriod(asked) ? asked : 'month';
  const custom = { from: search.get('desde') ?? '', to: search.get('hasta') ?? '' };
  const professionalId = search.get('profesional') ?? '';
  const customReady = isSalonDay(custom.from) && isSalonDay(custom.to);
  const lostDays = LOST_DAY_CHOICES.includes(search.get('dias') ?? '') ? search.get('dias')! : '';
  const params: ReportParams | null =
    kind === 'custom' && !customReady ? null : { period: kind, ...(kind === 'custom' ? custom : {}), ...(professionalId ? { professionalId } : {}) };
  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setSearch(next, { replace: true });
  };
  return [{ params, custom, professionalId, kind, lostDays }, update];
}

export function PeriodControls({ selection, update }: { selection: Selection; update: (patch: Record<string, string>) => void }) {
  const employees = useQuery(employeesQuery());
  const pros = (employees.data ?? []).filter((e) => e.isActive || e.id === selection.professionalId);
  return (
    <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft sm:flex-row sm:flex-wrap sm:items-end">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Periodo</legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Periodo">
          {REPORT_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={selection.kind === p}
              onClick={() => update({ periodo: p })}
              className={`min-h-11 rounded-full border px-4 text-sm font-medium transition ${selection.kind === p ? 'border-rose-500 bg-rose-500 text-white' : 'border-line bg-white text-ink hover:border-rose-500'}`}
            >
              {PERIOD_LABEL[p]}
            </button>
          ))}
        </div>
      </fieldset>
      {selection.kind === 'custom' && (
        <div className="flex gap-3">
          {/* While typing, a day is applied only when it keeps the period the right way round (no refused report per keystroke). */}
          <DateFilter
            label="Desde"
            value={selection.custom.from}
            onChange={(desde) => update({ desde })}
            fitsWhileTyping={(d) => !selection.custom.to || d <= selection.custom.to}
          />
          <DateFilter
            label="Hasta"
            value={selection.custom.to}
            onChange={(hasta) => update({ hasta })}
            fitsWhileTyping={(d) => !selection.custom.from || d >= selection.custom.from}
          />
        </div>
      )}
      <label className="flex flex-col gap-1.5 text-sm font-medium sm:min-w-64">
        Profesional
        <select className={selectClass} style={chevron} value={selection.professionalId} onChange={(e) => update({ profesional: e.target.value })}>
          <option value="">Todo el equipo</option>
          {pros.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
