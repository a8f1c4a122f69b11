import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatDateLong } from '../../lib/format';
import { useLiveAppointments } from '../../lib/live-events';
import { dashboardQuery } from '../../api/dashboard';
import { BackupAlert } from './backup-alert';
import { cashCloseHref, useUnclosedDays } from '../../api/cash-close';
import { UnclosedDaysNotice } from '../../components/unclosed-days-notice';
import { NextAppointment } from './next-appointment';
import { QuickActions } from './quick-actions';
import { TodayFigures } from './today-figures';
import { TodaysAgenda } from './todays-agenda';
import { ServerWarnings } from '../../components/server-warnings';
import { adminHealthQuery } from '../../api/health';

/**
 * /admin/dashboard (SPEC §2 "Admin dashboard"): today's figures, the next confirmed appointment,
 * today's agenda and the quick actions. Everything "today" is the salon's day, computed on the
 * server from its clock. Live: any booking or status change in the salon refetches it; a minute
 * timer moves 'Próxima Cita' on when its time comes. Load failures are only logged (SPEC §8).
 */
export default function DashboardPage() {
  const q = useQuery({ ...dashboardQuery(), refetchInterval: 60_000 });
  const health = useQuery(adminHealthQuery()).data;
  const { refetch, error } = q;
  useLiveAppointments({}, () => void refetch());
  // The desk's first look of the morning: a day left without its close (ADR 054).
  const unclosed = useUnclosedDays();

  useEffect(() => {
    if (error) console.error('No se pudo cargar el dashboard', error);
  }, [error]);

  const d = q.data;
  const now = d ? new Date(d.now) : new Date();

  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6 sm:mb-8">
        <p className="text-sm font-medium tracking-wide text-rose-700 uppercase">Dashboard</p>
        <h1 className="mt-1 text-3xl leading-tight lining-nums sm:text-4xl">
          Hoy, <span>{formatDateLong(now)}</span>
        </h1>
      </header>

      <ServerWarnings health={health} />
      <BackupAlert />
      <UnclosedDaysNotice days={unclosed} hrefOf={cashCloseHref} />
      <TodayFigures stats={d?.stats} failed={q.isError && !d} />

      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-8">
        <section aria-labelledby="proxima-cita" className="lg:col-start-2 lg:row-start-1">
          <NextAppointment id="proxima-cita" next={d?.next} today={d?.today} loading={q.isPending} />
        </section>
        <TodaysAgenda d={d} loading={q.isPending} />
        <QuickActions />
      </div>
    </div>
  );
}
