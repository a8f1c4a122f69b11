import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { isSalonDay } from '../../../domain/calendar-date';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { DateFilter } from '../../components/lazy-date-filter';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { UnclosedDaysNotice } from '../../components/unclosed-days-notice';
import { formatDateLong } from '../../lib/format';
import { todayInSalon } from '../../lib/salon-today';
import { cashCloseHref, tillDayQuery, unclosedDaysQuery, type TillDay } from '../../api/cash-close';
import { TillOfDay } from './till-of-day';

/**
 * /admin/cierre-de-caja?dia= — the cierre de caja (docs/decisions/054-the-till-and-its-close.md):
 * the desk opens the day with its float, notes cash put in and taken out, counts the drawer (by
 * notes and coins if it likes), sees expected against counted and closes; a closed day shows its
 * close and what changed after it. Today by default; a day to come has no till.
 */
export default function CashClosePage() {
  const [params, setParams] = useSearchParams();
  const today = todayInSalon();
  const asked = params.get('dia') ?? '';
  const date = isSalonDay(asked) && asked <= today ? asked : today;
  const till = useQuery(tillDayQuery(date));
  const pending = useQuery(unclosedDaysQuery());
  const qc = useQueryClient();
  // A write answers with the day as it now is; the Caja and the list of days left open are read again.
  const changed = (day: TillDay) => {
    qc.setQueryData(tillDayQuery(date).queryKey, day);
    void qc.invalidateQueries({ queryKey: unclosedDaysQuery().queryKey });
    void qc.invalidateQueries({ queryKey: ['caja', date] });
  };
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Cierre de caja"
        subtitle={<span className="inline-block first-letter:uppercase">{formatDateLong(new Date(`${date}T12:00:00Z`))}</span>}
        actions={
          <ButtonLink variant="secondary" href={`/admin/caja?dia=${date}`}>
            <Wallet className="h-4 w-4" aria-hidden />
            Caja del día
          </ButtonLink>
        }
      />
      <UnclosedDaysNotice days={pending.data?.days} hrefOf={cashCloseHref} except={date} />
      <div className="mb-6 max-w-xs">
        <DateFilter label="Día" value={date} max={today} onChange={(dia) => setParams({ dia }, { replace: true })} />
      </div>
      {till.isPending ? (
        <InlineLoading text="Cargando la caja..." />
      ) : till.isError ? (
        <Alert>{till.error.message}</Alert>
      ) : (
        <TillOfDay day={till.data} onChange={changed} />
      )}
    </div>
  );
}
