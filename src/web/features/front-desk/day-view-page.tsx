import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { addDays, isValidIsoDate, salonMinuteOf, SALON_TIME_ZONE } from '../../../domain/calendar-date';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { DayField, ProfessionalSelect } from '../../components/professional-day-picker';
import { formatDateLong } from '../../lib/format';
import { useLiveAppointments } from '../../lib/live-events';
import { todayInSalon } from '../../lib/salon-today';
import { AppointmentDetails } from './appointment-details';
import { dayHours, hhmm, minuteAt, offStretches, placeBlock, type DayHours } from './day-layout';
import { salonDayQuery, type DayAppointment, type DayProfessional } from '../../api/front-desk';
import { NewAppointment, type NewAppointmentStart } from './new-appointment';

const TZ = SALON_TIME_ZONE;
const HOUR_PX = 88;
const BLOCK_TONES: Record<string, string> = {
  confirmed: 'border-rose-500 bg-rose-50 text-rose-800',
  completed: 'border-sage bg-sage-100 text-sage-800',
  no_show: 'border-amber-800/40 bg-amber-100 text-amber-800',
  cancelled_by_client: 'border-[#dcd6d4] bg-[#EEEBEA]/70 text-[#5A5254] line-through',
  cancelled_by_salon: 'border-[#dcd6d4] bg-[#EEEBEA]/70 text-[#5A5254] line-through',
};
const STATUS_SHORT: Record<string, string> = {
  confirmed: 'Confirmada',
  completed: 'Completada',
  no_show: 'No asistió',
  cancelled_by_client: 'Cancelada',
  cancelled_by_salon: 'Cancelada',
};

const minuteOf = (d: string | Date) => salonMinuteOf(new Date(d), TZ);

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
 * The salon's day (issue 13, docs/decisions/018): a column per active professional, hours from the
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

function DayGrid({
  loading,
  hours,
  professionals,
  shownPro,
  byPro,
  interval,
  nowMinute,
  onFree,
  onOpen,
}: {
  loading: boolean;
  hours: DayHours;
  professionals: DayProfessional[];
  shownPro: string;
  byPro: Map<string, DayAppointment[]>;
  interval: number;
  nowMinute: number | null;
  onFree: (professionalId: string, time: string) => void;
  onOpen: (id: string) => void;
}) {
  const height = ((hours.endMinute - hours.startMinute) / 60) * HOUR_PX;
  const hourMarks: number[] = [];
  for (let m = hours.startMinute; m < hours.endMinute; m += 60) hourMarks.push(m);
  return (
    <div
      className={`overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft transition-opacity ${loading ? 'pointer-events-none opacity-60' : ''}`}
      aria-busy={loading || undefined}
      inert={loading}
    >
      <div className="flex min-w-full">
        <div className="sticky left-0 z-20 w-14 shrink-0 border-r border-line bg-white">
          <div className="h-12 border-b border-line" />
          <div className="relative" style={{ height }}>
            {hourMarks.map((m) => (
              <span key={m} className="absolute right-2 -translate-y-1/2 text-xs text-muted tabular-nums" style={{ top: `${((m - hours.startMinute) / (hours.endMinute - hours.startMinute)) * 100}%` }}>
                {m === hours.startMinute ? '' : hhmm(m)}
              </span>
            ))}
          </div>
        </div>
        {professionals.map((p) => (
          <div key={p.id} className={`min-w-44 flex-1 border-r border-line last:border-r-0 ${p.id === shownPro ? '' : 'max-sm:hidden'}`} data-professional={p.name}>
            <div className="sticky top-0 z-10 flex h-12 items-center justify-center border-b border-line bg-white px-2 text-sm font-semibold">{p.name}</div>
            <Column
              hours={hours}
              professional={p}
              appointments={byPro.get(p.userId ?? '') ?? []}
              height={height}
              interval={interval}
              hourMarks={hourMarks}
              nowMinute={nowMinute}
              onFree={onFree}
              onOpen={onOpen}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

function Column({
  hours,
  professional,
  appointments,
  height,
  interval,
  hourMarks,
  nowMinute,
  onFree,
  onOpen,
}: {
  hours: DayHours;
  nowMinute: number | null;
  professional: DayProfessional;
  appointments: DayAppointment[];
  height: number;
  interval: number;
  hourMarks: number[];
  onFree: (professionalId: string, time: string) => void;
  onOpen: (id: string) => void;
}) {
  const off = offStretches(hours, professional.day);
  const now = nowMinute !== null ? placeBlock(hours, nowMinute, nowMinute + 1) : null;
  const click = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const rect = e.currentTarget.getBoundingClientRect();
    onFree(professional.id, hhmm(minuteAt(hours, (e.clientY - rect.top) / rect.height, interval)));
  };
  return (
    <div className="relative cursor-copy" style={{ height }} onClick={click} role="presentation" data-column={professional.name}>
      {hourMarks.map((m) => (
        <div key={m} className="pointer-events-none absolute inset-x-0 border-t border-line/60" style={{ top: `${((m - hours.startMinute) / (hours.endMinute - hours.startMinute)) * 100}%` }} />
      ))}
      {off.map(([from, to]) => {
        const place = placeBlock(hours, from, to);
        return place ? (
          <div
            key={`${from}-${to}`}
            className="pointer-events-none absolute inset-x-0 bg-[repeating-linear-gradient(135deg,#F3EEEA_0,#F3EEEA_6px,#FBF8F6_6px,#FBF8F6_12px)]"
            style={{ top: `${place.top}%`, height: `${place.height}%` }}
          />
        ) : null;
      })}
      {now && <div className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-brick" style={{ top: `${now.top}%` }} data-now-line aria-hidden />}
      {appointments.map((a) => {
        const startMinute = minuteOf(a.startTime);
        const place = placeBlock(hours, startMinute, startMinute + Math.round((Date.parse(a.endTime) - Date.parse(a.startTime)) / 60_000));
        if (!place) return null;
        const label = hhmm(startMinute);
        const cancelled = a.status.startsWith('cancelled');
        return (
          <button
            key={a.id}
            type="button"
            onClick={() => onOpen(a.id)}
            className={`absolute flex flex-col justify-start overflow-hidden rounded-lg border-l-4 px-2 py-1 text-left text-xs shadow-sm transition hover:brightness-95 ${BLOCK_TONES[a.status] ?? BLOCK_TONES.confirmed} ${cancelled ? 'right-1 left-8 opacity-70' : 'inset-x-1'}`}
            style={{ top: `${place.top}%`, height: `${place.height}%`, zIndex: cancelled ? 1 : 2 }}
            aria-label={`${label} ${a.clientName}, ${a.serviceName}, ${STATUS_SHORT[a.status] ?? a.status}`}
          >
            <span className="block truncate font-semibold">
              {label} {a.clientName}
            </span>
            <span className="block truncate">{a.serviceName}</span>
            <span className="block truncate opacity-80">{STATUS_SHORT[a.status] ?? a.status}</span>
          </button>
        );
      })}
    </div>
  );
}
