import { useQuery } from '@tanstack/react-query';
import { bonoLeftFor, bonoLeftText } from '../../../domain/bonos';
import { myBonosQuery } from '../../api/bonos';
import { useBookingForOther } from './booking-for-other';

// ADR 037: "Con tu bono: quedan N sesiones" before she confirms, when one of her bonos covers
// this service on this day. Its own chunk, loaded once she picks a time: the booking page's first
// view stays within its budget (docs/decisions/009-client-bundle-budget.md).

export default function BonoHint({ serviceId, date }: { serviceId: string; date: string }) {
  const bonos = useQuery(myBonosQuery());
  const forOther = useBookingForOther();
  const left = bonos.data ? bonoLeftFor(bonos.data.bonos, serviceId, date) : null;
  // Her bonos: they say nothing of the client she books for.
  if (left === null || forOther) return null;
  return (
    <p className="rounded-2xl bg-rose-50 px-4 py-3 text-center font-medium text-rose-700 sm:text-right" data-testid="bono-hint">
      {bonoLeftText(left)}
    </p>
  );
}
