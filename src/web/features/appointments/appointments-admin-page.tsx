import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CalendarSearch } from 'lucide-react';
import { useMemo, useState } from 'react';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { cancelConfirmLabel, offersWholeVisit, WholeVisitChoice } from '../../components/whole-visit-choice';
import { formatTime } from '../../lib/format';
import { useLiveAppointments } from '../../lib/live-events';
import { todayInSalon } from '../../lib/salon-today';
import { appointmentsQuery, filterEmployeesQuery, type AdminAction, type AdminAppointment } from '../../api/appointments';
import { AppointmentFilters } from './appointment-filters';
import { AppointmentsTable, TableSkeleton } from './appointments-table';
import { tableDate } from './table-date';
import { useAppointmentFilters } from './use-appointment-filters';
import { useNoStatusChangePending, useStatusChange, useStatusChanging } from './use-status-change';

/**
 * /admin/appointments (SPEC §2 "Appointment management"): filters 'Desde', 'Hasta', employee and
 * status; the table; the admin's actions on confirmed appointments (SPEC §4): the row leaves at
 * once, the list reloads, and on failure the list is restored with 'No se pudo actualizar el
 * estado.'. Pages of 50, newest first, with 'Cargar más' (docs/decisions/005).
 */
export default function AppointmentsAdminPage() {
  const [filters, setFilters, resetFilters] = useAppointmentFilters();
  const listQuery = appointmentsQuery(filters);
  const [toCancel, setToCancel] = useState<AdminAppointment | null>(null);

  const employees = useQuery(filterEmployeesQuery());
  const list = useInfiniteQuery(listQuery);
  const { refetch } = list;
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.appointments) ?? [], [list.data]);

  // Live: a change anywhere in the salon (or to the filtered employee) reloads the pages shown,
  // except while our own change is on its way (its reload follows it).
  const saving = useStatusChanging();
  const noChangePending = useNoStatusChangePending();
  useLiveAppointments({ employeeId: filters.employeeId || null }, () => {
    if (noChangePending()) void refetch();
  });

  const status = useStatusChange(listQuery.queryKey);
  const act = (a: AdminAppointment, to: AdminAction) => {
    if (to === 'cancelled_by_salon') setToCancel(a);
    else status.change(a, to);
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

      <AppointmentFilters filters={filters} onChange={setFilters} onReset={resetFilters} isDefault={isDefault} employees={employees} />

      <section aria-label="Citas encontradas" className="mt-6">
        <div className="mb-3 flex min-h-6 flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm text-muted" aria-live="polite">
            {list.isSuccess && rows.length > 0 && (list.hasNextPage ? `${rows.length} citas mostradas · hay más` : rows.length === 1 ? '1 cita' : `${rows.length} citas`)}
          </p>
          {saving && <p className="text-sm text-muted">Guardando...</p>}
        </div>

        {status.error && (
          <div className="mb-4">
            <Alert>{status.error}</Alert>
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

      <CancelConfirm appointment={toCancel} onClose={() => setToCancel(null)} onConfirm={(a, wholeVisit) => status.change(a, 'cancelled_by_salon', wholeVisit)} />
    </div>
  );
}

/**
 * 'Cancelada por el salón' asks first: who, what, when, and that the time is free again. A part of
 * a visit of several services is cancelled alone unless the desk ticks the whole visit (ADR 098):
 * then every part goes, and she gets one message naming them.
 */
function CancelConfirm({ appointment: a, onClose, onConfirm }: { appointment: AdminAppointment | null; onClose: () => void; onConfirm: (a: AdminAppointment, wholeVisit?: true) => void }) {
  const [wholeVisit, setWholeVisit] = useState(false);
  // The day view's rule (ADR 104): offered only while another part of the visit is still confirmed.
  const offered = !!a && offersWholeVisit(a, (a.visitOtherStatuses ?? []).map((status) => ({ status })));
  const close = () => {
    setWholeVisit(false);
    onClose();
  };
  return (
    <ConfirmDialog
      isOpen={a !== null}
      title="¿Cancelar esta cita?"
      confirmLabel={cancelConfirmLabel(offered && wholeVisit, 'Sí, cancelar cita')}
      tone="danger"
      onClose={close}
      onConfirm={() => {
        if (a) onConfirm(a, offered && wholeVisit ? true : undefined);
        close();
      }}
    >
      {a && (
        <>
          <p>
            <span className="font-medium text-ink">{a.clientName}</span> · {a.serviceName} con {a.employeeName}, {tableDate.format(a.startTime)} a las{' '}
            {formatTime(a.startTime)}.
          </p>
          <p className="mt-2">Quedará como «Cancelada por el salón» y ese horario volverá a estar libre para reservar.</p>
          {offered && <WholeVisitChoice checked={wholeVisit} onChange={setWholeVisit} />}
        </>
      )}
    </ConfirmDialog>
  );
}
