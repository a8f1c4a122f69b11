import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { addDays, isValidIsoDate } from '../../../domain/calendar-date';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { DayField, ProfessionalSelect } from '../../components/professional-day-picker';
import { formatDateLong } from '../../lib/format';
import { useLiveAppointments } from '../../lib/live-events';
import { todayInSalon } from '../../lib/salon-today';
import { AppointmentDetails } from './appointment-details';
import { salonDayQuery, type DayAppointment } from '../../api/front-desk';
import { DayGrid } from './day-grid';
import { dayHours, minuteOf } from './day-layout';
import { NewAppointment, type NewAppointmentStart } from './new-appointment';

/** The day in the address (?dia=YYYY-MM-DD), today by default. */
function useDay(): [string, (d: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const today = todayInSalon();
  const dia = params.get('dia');
  const day = dia && isValidIsoDate(dia) ? dia : today;
  const set = (d: string) => setParams(d === today ? {} : { dia: d }, { replace: true });
  return [day, set, today];
}

/**
 * The salon's day (docs/decisions/018-salon-day-view.md): a column per active professional, hours from the
 * earliest opening to the latest closing, each appointment a block sized by its duration, breaks
 * and non-working time shaded, a line at "now". Click a free time to book there, a block to see
 * it. Live: any booking, cancel, mark or move anywhere refreshes it. On a phone, one professional
 * at a time.
 */
export default function DayViewPage() {
  const [day, setDay, today] = useDay();
  const qc = useQueryClient();
  // The day before stays drawn (dimmed, inert) while the next one loads: one render of the
  // new grid instead of tearing the old one down for a spinner and building it again.
  const { data, isPending, isError, error, isPlaceholderData } = useQuery(salonDayQuery(day));
  const live = useLiveAppointments({ date: day }, () => void qc.invalidateQueries({ queryKey: salonDayQuery(day).queryKey }));
  const [phonePro, setPhonePro] = useState<string>('');
  const [start, setStart] = useState<NewAppointmentStart | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNowMs(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);

  const professionals = useMemo(() => (data?.professionals ?? []).filter((p) => p.userId), [data]);
  const hours = useMemo(() => dayHours(professionals.map((p) => p.day)), [professionals]);
  const byPro = useMemo(() => {
    const m = new Map<string, DayAppointment[]>();
    for (const a of data?.appointments ?? []) m.set(a.employeeId, [...(m.get(a.employeeId) ?? []), a]);
    return m;
  }, [data]);
  const shownPro = phonePro && professionals.some((p) => p.id === phonePro) ? phonePro : (professionals[0]?.id ?? '');
  const opened = data?.appointments.find((a) => a.id === openId) ?? null;
  const nowMinute = day === todayInSalon(nowMs) ? minuteOf(new Date(nowMs)) : null;
  const refresh = () => void qc.invalidateQueries({ queryKey: salonDayQuery(day).queryKey });

  return (
    <div>
      <PageHeader
        title="Agenda del salón"
        subtitle={<span className="inline-block first-letter:uppercase">{formatDateLong(new Date(`${day}T12:00:00Z`))}</span>}
        actions={
          <Button onPress={() => setStart({ date: day })}>
            <Plus className="h-4 w-4" aria-hidden /> Nueva cita
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Button variant="secondary" onPress={() => setDay(addDays(day, -1))} aria-label="Día anterior">
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <DayField hideLabel className="w-44" value={day} onChange={(d) => isValidIsoDate(d) && setDay(d)} />
        <Button variant="secondary" onPress={() => setDay(addDays(day, 1))} aria-label="Día siguiente">
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
        <Button variant="secondary" onPress={() => setDay(today)} isDisabled={day === today}>
          Hoy
        </Button>
        {professionals.length > 1 && <ProfessionalSelect hideLabel className="sm:hidden" professionals={professionals} value={shownPro} onChange={setPhonePro} />}
      </div>
      {!live && <Alert tone="info">{MSG.realtimeFailed}</Alert>}
      {isPending ? (
        <InlineLoading text="Cargando agenda..." />
      ) : isError ? (
        <Alert>{error.message}</Alert>
      ) : professionals.length === 0 ? (
        <p className="text-muted">No hay profesionales activos con cuenta para este día.</p>
      ) : (
        <DayGrid
          loading={isPlaceholderData}
          hours={hours}
          professionals={professionals}
          shownPro={shownPro}
          byPro={byPro}
          interval={data.interval}
          nowMinute={nowMinute}
          onFree={(professionalId, time) => setStart({ date: day, professionalId, time })}
          onOpen={setOpenId}
        />
      )}
      {start && (
        <NewAppointment
          start={start}
          onClose={() => setStart(null)}
          onBooked={(d) => {
            setStart(null);
            refresh();
            if (d !== day) setDay(d);
          }}
        />
      )}
      {opened && data && (
        <AppointmentDetails
          appointment={opened}
          professionals={professionals}
          today={today}
          onClose={() => setOpenId(null)}
          onChanged={refresh}
        />
      )}
    </div>
  );
}
