import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { LoadError } from '../../components/admin/catalog-ui';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { availabilityQuery, type ConflictRow } from '../../api/availability';
import { AffectedAppointments } from './affected-appointments';
import { SalonClosures } from './salon-closures';
import { TimeOff } from './time-off';

/**
 * /admin/availability — salon closures, special hours, Spain's national holidays, time off per
 * professional and the confirmed appointments they leave outside availability (ADR 023).
 */
export default function AvailabilityPage({ conflictActions }: { conflictActions?: (c: ConflictRow) => ReactNode }) {
  const overview = useQuery(availabilityQuery());
  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Cierres y ausencias" subtitle="Festivos, horarios especiales y ausencias de los profesionales: nadie puede reservar cuando no hay nadie." />
      {overview.isPending ? (
        <InlineLoading text="Cargando cierres y ausencias..." />
      ) : overview.isError ? (
        <LoadError message={STAFF_MSG.availabilityLoadFailed} onRetry={() => overview.refetch()} />
      ) : (
        <>
          <AffectedAppointments conflicts={overview.data.conflicts} actions={conflictActions} />
          <SalonClosures data={overview.data} />
          <TimeOff data={overview.data} />
        </>
      )}
    </section>
  );
}
