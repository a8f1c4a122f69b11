import { Link } from 'react-router';
import { cancelNote } from '../../../domain/my-appointments';
import { Alert } from '../../components/alert';
import type { MyAppointments } from '../../api/my-account';
import { formatDateLong, formatTime } from '../../lib/format';
import { useBookingForOther } from './booking-for-other';

// docs/decisions/075: the cap of future appointments said before she picks anything, with the
// visits she could free (each a link to its card in Mis Citas). The server still refuses at
// "Confirmar" (ADR 031): this only spares her the work. The page reads her appointments with the
// service (on the server for the first view) and shows its steps only then, so the notice is there
// from the first paint and never pushes them down under her finger. Links in rose-800: 4.5:1 on gold-100.

/** `data`: her Mis Citas answer as the booking page read it (undefined while it cannot). */
export default function CapNotice({ data }: { data: MyAppointments | undefined }) {
  const forOther = useBookingForOther();
  // Her own cap: it says nothing of the client she books for.
  if (forOther || !data || data.cap.futureConfirmed < data.cap.max) return null;
  const now = Date.now();
  const held = data.appointments.filter((a) => a.status === 'confirmed' && new Date(a.startTime).getTime() > now);
  const freeable = held.filter(
    (a) => cancelNote({ status: a.status, startTime: new Date(a.startTime) }, now, data.policyHours, false)?.kind === 'until',
  );
  const n = data.cap.futureConfirmed;
  return (
    <div data-testid="cap-notice">
      <Alert tone="info">
        <p className="font-semibold">Ya tienes {n === 1 ? 'una cita próxima' : `${n} citas próximas`}, el máximo que permite el salón.</p>
        {freeable.length > 0 ? (
          <>
            <p className="mt-1">Para reservar otra, cancela antes una de estas en Mis Citas:</p>
            <ul className="mt-2 flex flex-col gap-1">
              {freeable.map((a) => (
                <li key={a.id}>
                  <Link to={`/my-appointments#cita-${a.id}`} className="font-medium text-rose-800 underline underline-offset-4">
                    {a.serviceName}, <span className="inline-block">{formatDateLong(a.startTime)}</span> a las {formatTime(a.startTime)} h
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-1">
            Ninguna se puede cancelar ya en la app: si necesitas cambiar algo, llama al salón
            {data.salonPhone ? (
              <>
                {' '}
                al{' '}
                {data.salonPhone.href ? (
                  <a href={data.salonPhone.href} className="font-semibold text-rose-800 underline underline-offset-4">
                    {data.salonPhone.text}
                  </a>
                ) : (
                  data.salonPhone.text
                )}
              </>
            ) : null}
            .
          </p>
        )}
      </Alert>
    </div>
  );
}
