import { useInfiniteQuery, useIsMutating, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { CalendarSearch, ChevronDown, RotateCcw, StickyNote } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState, type ComponentProps } from 'react';
import { Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Button as AriaButton } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { APPOINTMENT_STATUSES, isAppointmentStatus, statusLabel } from '../../../domain/appointment-status';
import { MSG } from '../../../domain/texts/common';
import { isValidIsoDate, SALON_TIME_ZONE } from '../../../domain/calendar-date';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StatusBadge } from '../../components/status-badge';
import { inputClass } from '../../components/input-class';
import { ApiRequestError } from '../../lib/api';
import { formatTime } from '../../lib/format';
import { useLiveAppointments } from '../../lib/live-events';
import { todayInSalon } from '../../lib/salon-today';
import {
  appointmentsQuery,
  changeStatus,
  DASHBOARD_FAMILY,
  filterEmployeesQuery,
  type AdminAction,
  type AdminAppointment,
  type AppointmentsPage,
  type Filters,
} from '../../api/appointments';

// The two date fields are React Aria's DatePicker (segments, calendar popover, their strings in
// every locale React Aria ships: ~25 KB gzipped): a chunk of their own, requested with the page's
// own chunk, so the list is not held back by them; until it is here, each field shows its label
// and the date as text, in the same box (test/bundle-budget.test.ts, docs/decisions/016-react-19-runtime.md).
const LazyDateFilter = lazy(() => import('./date-filter').then((m) => ({ default: m.DateFilter })));
function DateFilter(props: ComponentProps<typeof LazyDateFilter>) {
  return (
    <Suspense
      fallback={
        <div className="flex min-w-0 flex-col gap-1.5">
          <span className="text-sm font-medium text-ink">{props.label}</span>
          <span className="flex min-h-11 w-full items-center rounded-xl border border-line bg-white px-3 tabular-nums text-ink">{props.value.split('-').reverse().join('/')}</span>
        </div>
      }
    >
      <LazyDateFilter {...props} />
    </Suspense>
  );
}

const TZ = SALON_TIME_ZONE;
const STATUS_MUTATION = ['admin', 'appointments', 'status'] as const;

// "lun, 19 ene 2026": short enough for a table column, still Spanish and in the salon's zone.
const tableDate = new Intl.DateTimeFormat('es-ES', { timeZone: TZ, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** The filters live in the address (?desde&hasta&empleado&estado), so a reload or a shared link keeps them. */
function useFilters(): [Filters, (patch: Partial<Filters>) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const today = todayInSalon();
  const desde = params.get('desde');
  const hasta = params.get('hasta');
  const estado = params.get('estado');
  let from = desde && isValidIsoDate(desde) ? desde : today;
  let to = hasta && isValidIsoDate(hasta) ? hasta : today;
  if (from > to) [from, to] = [to, from];
  const filters = useMemo<Filters>(
    () => ({ from, to, employeeId: params.get('empleado') ?? '', status: estado && isAppointmentStatus(estado) ? estado : '' }),
    [from, to, params, estado],
  );
  const set = useCallback(
    (patch: Partial<Filters>) => {
      const next = { ...filters, ...patch };
      const p = new URLSearchParams();
      if (next.from !== today) p.set('desde', next.from);
      if (next.to !== today) p.set('hasta', next.to);
      if (next.employeeId) p.set('empleado', next.employeeId);
      if (next.status) p.set('estado', next.status);
      setParams(p, { replace: true });
    },
    [filters, setParams, today],
  );
  const reset = useCallback(() => setParams({}, { replace: true }), [setParams]);
  return [filters, set, reset];
}

/**
 * /admin/appointments (SPEC §2 "Appointment management"): filters 'Desde', 'Hasta', employee and
 * status; the table; the admin's actions on confirmed appointments (SPEC §4): the row leaves at
 * once, the list reloads, and on failure the list is restored with 'No se pudo actualizar el
 * estado.'. Pages of 50, newest first, with 'Cargar más' (docs/decisions/005).
 */
export default function AppointmentsAdminPage() {
  const [filters, setFilters, resetFilters] = useFilters();
  const qc = useQueryClient();
  const listQuery = appointmentsQuery(filters);
  const key = listQuery.queryKey;
  const [actionError, setActionError] = useState<string | null>(null);
  const [toCancel, setToCancel] = useState<AdminAppointment | null>(null);

  const employeesQ = useQuery(filterEmployeesQuery());

  const list = useInfiniteQuery(listQuery);
  const { refetch } = list;
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.appointments) ?? [], [list.data]);

  // Live: a change anywhere in the salon (or to the filtered employee) reloads the pages shown,
  // except while our own change is on its way (its reload follows it).
  const saving = useIsMutating({ mutationKey: STATUS_MUTATION }) > 0;
  useLiveAppointments({ employeeId: filters.employeeId || null }, () => {
    if (qc.isMutating({ mutationKey: STATUS_MUTATION }) === 0) void refetch();
  });

  const mutation = useMutation({
    mutationKey: STATUS_MUTATION,
    mutationFn: ({ a, to }: { a: AdminAppointment; to: AdminAction }) => changeStatus(a.id, to),
    onMutate: async ({ a }) => {
      setActionError(null);
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<InfiniteData<AppointmentsPage, string | null>>(key);
      qc.setQueryData<InfiniteData<AppointmentsPage, string | null>>(key, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, appointments: p.appointments.filter((r) => r.id !== a.id) })) } : old,
      );
      return { previous, key };
    },
    onError: (err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(ctx.key, ctx.previous);
      const reason = err instanceof ApiRequestError && err.status === 409 ? err.message : null;
      setActionError(reason ? `${MSG.statusUpdateFailed} ${reason}` : MSG.statusUpdateFailed);
    },
    onSuccess: (updated) => {
      toast.success(MSG.statusMarked(statusLabel(updated.status)));
    },
    onSettled: (_data, _err, _vars, ctx) => {
      void qc.invalidateQueries({ queryKey: ctx?.key ?? key });
      void qc.invalidateQueries({ queryKey: DASHBOARD_FAMILY });
    },
  });

  const act = (a: AdminAppointment, to: AdminAction) => {
    if (to === 'cancelled_by_salon') setToCancel(a);
    else mutation.mutate({ a, to });
  };

  const today = todayInSalon();
  const isDefault = filters.from === today && filters.to === today && !filters.employeeId && !filters.status;
  const loadError = list.isError ? (list.error instanceof Error ? list.error.message : MSG.appointmentsLoadFailed) : null;

  return (
    <div className="mx-auto max-w-7xl">
      <header className="mb-6 sm:mb-8">
        <p className="text-sm font-medium tracking-wide text-rose-700 uppercase">Ver Citas</p>
        <h1 className="mt-1 text-3xl leading-tight sm:text-4xl">Gestionar Citas</h1>
        <p className="mt-1.5 text-muted">Filtra por fechas, profesional o estado. Solo las citas confirmadas admiten cambios.</p>
      </header>

      <form
        aria-label="Filtros de citas"
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-2 gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft sm:gap-4 sm:p-5 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
      >
        <DateFilter
          label="Desde"
          value={filters.from}
          onChange={(v) => setFilters(v > filters.to ? { from: v, to: v } : { from: v })}
          fitsWhileTyping={(v) => v <= filters.to}
        />
        <DateFilter
          label="Hasta"
          value={filters.to}
          onChange={(v) => setFilters(v < filters.from ? { from: v, to: v } : { to: v })}
          fitsWhileTyping={(v) => v >= filters.from}
        />
        <Field label="Empleado" htmlFor="f-empleado">
          <select id="f-empleado" value={filters.employeeId} onChange={(e) => setFilters({ employeeId: e.target.value })} className={`${inputClass} px-3`}>
            <option value="">Todos</option>
            {employeesQ.data?.map((e) => (
              <option key={e.id} value={e.userId}>
                {e.isActive ? e.name : `${e.name} (inactivo)`}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Estado" htmlFor="f-estado">
          <select
            id="f-estado"
            value={filters.status}
            onChange={(e) => setFilters({ status: isAppointmentStatus(e.target.value) ? e.target.value : '' })}
            className={`${inputClass} px-3`}
          >
            <option value="">Todos</option>
            {APPOINTMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </Field>
        {!isDefault && (
          <Button variant="ghost" className="col-span-2 justify-self-start lg:col-span-1" onPress={resetFilters}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            Volver a hoy
          </Button>
        )}
      </form>
      {employeesQ.isError && (
        <p className="mt-2 text-sm text-brick" role="alert">
          {MSG.employeesLoadFailed}
        </p>
      )}

      <section aria-label="Citas encontradas" className="mt-6">
        <div className="mb-3 flex min-h-6 flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm text-muted" aria-live="polite">
            {list.isSuccess && rows.length > 0 && (list.hasNextPage ? `${rows.length} citas mostradas · hay más` : rows.length === 1 ? '1 cita' : `${rows.length} citas`)}
          </p>
          {saving && <p className="text-sm text-muted">Guardando...</p>}
        </div>

        {actionError && (
          <div className="mb-4">
            <Alert>{actionError}</Alert>
          </div>
        )}

        {list.isPending ? (
          <TableSkeleton />
        ) : loadError ? (
          <div className="space-y-3">
            <Alert>{loadError}</Alert>
            <Button variant="secondary" onPress={() => void refetch()}>
              Reintentar
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 px-6 py-12 text-center">
            <CalendarSearch className="h-9 w-9 text-rose-500" aria-hidden />
            <p className="text-lg text-ink">No se encontraron citas con los filtros seleccionados.</p>
          </div>
        ) : (
          <AppointmentsTable rows={rows} onAction={act} />
        )}

        {list.hasNextPage && !list.isError && (
          <div className="mt-5 flex justify-center">
            <Button variant="secondary" isDisabled={list.isFetchingNextPage} onPress={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? 'Cargando...' : 'Cargar más'}
            </Button>
          </div>
        )}
      </section>

      <ConfirmDialog
        isOpen={toCancel !== null}
        title="¿Cancelar esta cita?"
        confirmLabel="Sí, cancelar cita"
        tone="danger"
        onClose={() => setToCancel(null)}
        onConfirm={() => {
          if (toCancel) mutation.mutate({ a: toCancel, to: 'cancelled_by_salon' });
          setToCancel(null);
        }}
      >
        {toCancel && (
          <>
            <p>
              <span className="font-medium text-ink">{toCancel.clientName}</span> · {toCancel.serviceName} con {toCancel.employeeName},{' '}
              {tableDate.format(toCancel.startTime)} a las {formatTime(toCancel.startTime)}.
            </p>
            <p className="mt-2">Quedará como «Cancelada por el salón» y ese horario volverá a estar libre para reservar.</p>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
    </div>
  );
}

const COLUMNS = ['Cliente', 'Servicio', 'Empleado', 'Notas', 'Fecha', 'Hora', 'Estado', 'Acciones'] as const;

/**
 * A real table on a laptop; below 1280 px each row is a card (date, time and status on top, then
 * the client, what and with whom, the notes and the actions), two per line on a tablet. Explicit
 * roles keep the table semantics when the cells are displayed as blocks.
 */
function AppointmentsTable({ rows, onAction }: { rows: AdminAppointment[]; onAction: (a: AdminAppointment, to: AdminAction) => void }) {
  return (
    <div className="xl:overflow-hidden xl:rounded-[var(--radius-card)] xl:border xl:border-line xl:bg-white xl:shadow-soft">
      <table role="table" className="block w-full text-left xl:table xl:table-fixed">
        <caption className="sr-only">Citas filtradas, de la más reciente a la más antigua</caption>
        <colgroup className="hidden xl:table-column-group">
          <col className="w-[14.5%]" />
          <col className="w-[16.5%]" />
          <col className="w-[12.5%]" />
          <col className="w-[13.5%]" />
          <col className="w-[9.5%]" />
          <col className="w-[6.5%]" />
          <col className="w-[12.5%]" />
          <col className="w-[14.5%]" />
        </colgroup>
        <thead role="rowgroup" className="sr-only xl:not-sr-only xl:table-header-group">
          <tr role="row" className="border-b border-line bg-sand/60">
            {COLUMNS.map((c) => (
              <th key={c} role="columnheader" scope="col" className="px-3 py-3 text-xs font-semibold tracking-wide text-muted uppercase first:pl-5 last:pr-5">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="grid gap-3 md:grid-cols-2 xl:table-row-group xl:divide-y xl:divide-line">
          {rows.map((a) => (
            <Row key={a.id} a={a} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const cell = 'xl:table-cell xl:px-3 xl:py-3.5 xl:align-top xl:first:pl-5 xl:last:pr-5';

// The phone/tablet card: time and date on top, then the client with the status, the service,
// with whom, the notes and the actions. At xl the row is a table row and these areas do nothing.
const CARD_AREAS = '"time date date" "client client status" "service service service" "employee employee employee" "notes notes notes" "actions actions actions"';
const area = (name: string) => ({ gridArea: name });

function Row({ a, onAction }: { a: AdminAppointment; onAction: (a: AdminAppointment, to: AdminAction) => void }) {
  const cancelled = a.status.startsWith('cancelled');
  const hasNotes = a.notes_client.trim() !== '';
  const isConfirmed = a.status === 'confirmed';
  return (
    <tr
      role="row"
      data-testid="appointment-row"
      data-status={a.status}
      style={{ gridTemplateAreas: CARD_AREAS }}
      className="grid grid-cols-[auto_1fr_auto] content-start items-baseline gap-x-3 gap-y-1 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft xl:table-row xl:rounded-none xl:border-0 xl:p-0 xl:shadow-none xl:hover:bg-ivory/70"
    >
      <td role="cell" style={area('client')} className={`mt-2 min-w-0 text-lg font-semibold xl:mt-0 xl:text-base ${cell} ${cancelled ? 'text-muted' : 'text-ink'}`}>
        <span className="block break-words">{a.clientName}</span>
        <span className="hidden truncate text-xs font-normal text-muted xl:block" title={a.clientEmail}>
          {a.clientEmail}
        </span>
      </td>
      <td role="cell" style={area('service')} className={`text-ink ${cell}`}>
        <span className="break-words hyphens-auto">{a.serviceName}</span>
        <span className="ml-1.5 text-sm whitespace-nowrap text-muted xl:ml-0 xl:block xl:text-xs">{a.serviceDuration} min</span>
      </td>
      <td role="cell" style={area('employee')} className={`text-sm text-muted xl:text-base xl:text-ink ${cell}`}>
        <span className="xl:hidden">con </span>
        {a.employeeName}
      </td>
      <td role="cell" style={area('notes')} className={`${hasNotes ? '' : 'hidden'} ${cell}`}>
        {hasNotes ? (
          <span className="mt-2 flex gap-2 rounded-xl bg-gold-100/70 px-3 py-1.5 text-sm leading-relaxed text-ink xl:mt-0 xl:block xl:bg-transparent xl:p-0 xl:text-muted">
            <StickyNote className="mt-0.5 h-4 w-4 shrink-0 text-[#8a6a3c] xl:hidden" aria-hidden />
            <span className="break-words hyphens-auto xl:line-clamp-3" title={a.notes_client}>
              <span className="sr-only">Notas del cliente: </span>
              {a.notes_client}
            </span>
          </span>
        ) : (
          <span className="text-muted/60" aria-label="Sin notas">
            —
          </span>
        )}
      </td>
      <td role="cell" style={area('date')} className={`text-sm font-medium whitespace-nowrap text-muted first-letter:uppercase xl:whitespace-normal xl:text-ink ${cell}`}>
        {tableDate.format(a.startTime)}
      </td>
      <td role="cell" style={area('time')} className={`font-serif text-2xl leading-none font-semibold lining-nums tabular-nums xl:font-sans xl:text-base xl:leading-normal xl:font-medium ${cell}`}>
        {formatTime(a.startTime)}
      </td>
      <td role="cell" style={area('status')} className={`justify-self-end xl:[&>span]:whitespace-normal ${cell}`}>
        <StatusBadge status={a.status} />
      </td>
      <td role="cell" style={area('actions')} className={`${isConfirmed ? 'mt-3 border-t border-line pt-3' : 'hidden'} xl:border-0 xl:pt-3 ${cell}`}>
        {isConfirmed ? <RowActions a={a} onAction={onAction} /> : <span className="sr-only">Sin acciones</span>}
      </td>
    </tr>
  );
}

function RowActions({ a, onAction }: { a: AdminAppointment; onAction: (a: AdminAppointment, to: AdminAction) => void }) {
  return (
    <MenuTrigger>
      <AriaButton
        aria-label={`Cambiar estado de la cita de ${a.clientName}, ${tableDate.format(a.startTime)} a las ${formatTime(a.startTime)}`}
        className="inline-flex min-h-11 w-full cursor-pointer items-center justify-center gap-1.5 rounded-full border border-line bg-white px-4 text-sm font-medium text-ink transition-colors outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold data-[hovered]:bg-sand data-[pressed]:bg-sand xl:min-h-9 xl:w-auto xl:px-3"
      >
        <span>
          Cambiar<span className="xl:hidden"> estado</span>
        </span>
        <ChevronDown className="h-4 w-4" aria-hidden />
      </AriaButton>
      <Popover placement="bottom end" className="min-w-56 rounded-2xl border border-line bg-white p-1.5 shadow-soft outline-none">
        <Menu aria-label="Cambiar estado" onAction={(key) => onAction(a, key as AdminAction)} className="outline-none">
          <MenuSection>
            <Header className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">Marcar como</Header>
            <MenuItem id="completed" className={`${menuItem} text-ink`}>
              Completada
            </MenuItem>
            <MenuItem id="no_show" className={`${menuItem} text-ink`}>
              No asistió
            </MenuItem>
            <MenuItem id="cancelled_by_salon" className={`${menuItem} text-brick data-[focused]:text-[#8a3a31]`}>
              Cancelada por el salón…
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

const menuItem = 'flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-[0.95rem] outline-none data-[focused]:bg-sand';

function TableSkeleton() {
  return (
    <div className="space-y-3 rounded-[var(--radius-card)] border border-line bg-white p-4" role="status" aria-live="polite">
      <span className="sr-only">Cargando citas...</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-4">
          <div className="h-4 w-1/5 animate-pulse rounded bg-sand" />
          <div className="h-4 w-1/4 animate-pulse rounded bg-sand" />
          <div className="h-4 flex-1 animate-pulse rounded bg-sand" />
          <div className="h-6 w-20 animate-pulse rounded-full bg-sand" />
        </div>
      ))}
    </div>
  );
}
