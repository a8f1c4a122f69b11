import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { QueryPage } from '../../components/admin/query-page';
import { AffectedAppointments } from '../../components/affected-appointments';
import { affectedCalls, availabilityQuery, type ConflictRow } from '../../api/availability';
import { SalonClosures } from './salon-closures';
import { TimeOff } from './time-off';

/**
 * /admin/availability — salon closures, special hours, Spain's national holidays, time off per
 * professional and the confirmed appointments they leave outside availability (ADR 023).
 */
export default function AvailabilityPage({ conflictActions }: { conflictActions?: (c: ConflictRow) => ReactNode }) {
  const overview = useQuery(availabilityQuery());
  return (
    <QueryPage
      className="mx-auto max-w-5xl space-y-6"
      title="Cierres y ausencias"
      subtitle="Festivos, horarios especiales y ausencias de los profesionales: nadie puede reservar cuando no hay nadie."
      query={overview}
      loading="Cargando cierres y ausencias..."
      failed={STAFF_MSG.availabilityLoadFailed}
    >
      {(data) => (
        <>
          <AffectedAppointments conflicts={data.conflicts} calls={affectedCalls} actions={conflictActions} />
          <SalonClosures data={data} />
          <TimeOff data={data} />
        </>
      )}
    </QueryPage>
  );
}
