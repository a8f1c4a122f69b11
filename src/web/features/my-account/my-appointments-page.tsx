import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { myBonosQuery } from '../../api/bonos';
import { myWaitingListQuery } from '../../api/waiting-list';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { cancelMyAppointment, myAppointmentsQuery, type MyAppointment } from '../../api/my-account';
import { ApiRequestError } from '../../lib/api';
import { formatDateLong, formatTime } from '../../lib/format';
import { AppointmentCard, cardAnchor } from './appointment-card';
import { RemindersSwitch } from './reminders-switch';
import { visitCards } from './visit-parts';

import { EmailConfirmationNotice } from './email-confirmation';
import { MyDataSection } from './my-data-section';

type Appointment = MyAppointment;
// Moving an appointment (docs/decisions/020-rescheduling.md): its code loads only when the client opens it.
const RescheduleSheet = lazy(() => import('./reschedule-sheet'));
// "Tus consentimientos" (ADR 041): its own chunk, after the page, off the first view's budget.
const MyConsents = lazy(() => import('./my-consents'));
// After a Google sign-up, the offer to add a mobile (docs/decisions/057): its own chunk, after the page.
const PhoneNote = lazy(() => import('./phone-note'));
const BANNERS = { success: MSG.bookingSucceeded, cancelled: MSG.cancelledBanner, moved: MSG.rescheduleSucceeded } as const;
type Banner = keyof typeof BANNERS;

/**
 * ?status=success|cancelled shows its banner once, then the query leaves the URL (replace, so
 * Back does not bring it again) while the banner stays on screen (SPEC §2 route table).
 */
function useStatusBanner(): Banner | null {
  const [params, setParams] = useSearchParams();
  const [banner, setBanner] = useState<Banner | null>(null);
  const status = params.get('status');
  useEffect(() => {
    if (status !== 'success' && status !== 'cancelled' && status !== 'moved') return;
    setBanner(status);
    setParams(
      (p) => {
        p.delete('status');
        return p;
      },
      { replace: true },
    );
  }, [status, setParams]);
  return banner;
}

/** /my-appointments — SPEC §2 My appointments, §5 Cancellation by client. */
export default function MyAppointmentsPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const banner = useStatusBanner();
  // ADR 053: the booking's answer said her bono does not cover this visit (book-page.tsx passes its sentence).
  const location = useLocation();
  const [bonoNote] = useState(() => (location.state as { bonoNote?: string } | null)?.bonoNote ?? null);
  const [toCancel, setToCancel] = useState<Appointment | null>(null);
  // A refusal is said on the card she tapped (docs/decisions/075); a failure of anything else at the top.
  const [refusal, setRefusal] = useState<{ id: string; text: string } | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [toMove, setToMove] = useState<Appointment | null>(null);

  const list = useQuery(myAppointmentsQuery());
  // The booking page's cap notice links to a card (#cita-…): brought into view once the list is here.
  const target = location.hash.slice(1);
  useEffect(() => {
    if (list.data && target) document.getElementById(target)?.scrollIntoView({ block: 'center' });
  }, [list.data, target]);
  const bonos = useQuery(myBonosQuery());
  // Her waiting list (ADR 070) is reached from here once she waits for something.
  const waiting = useQuery(myWaitingListQuery());
  const now = Date.now();
  // The bono an appointment holds a session of (reserved): what it has left.
  const bonoLeftOf = (id: string) => bonos.data?.bonos.find((b) => b.history.some((h) => h.appointmentId === id && h.state === 'reserved'))?.remaining ?? null;

  const cancel = useMutation({
    mutationFn: cancelMyAppointment,
    onSuccess: async () => {
      setToCancel(null);
      await qc.invalidateQueries({ queryKey: myAppointmentsQuery().queryKey });
      void qc.invalidateQueries({ queryKey: myBonosQuery().queryKey });
      window.scrollTo({ top: 0 });
      navigate('/my-appointments?status=cancelled', { replace: true });
    },
    onError: (err, id) => {
      setToCancel(null);
      // A refusal (outside the policy, already cancelled) explains itself next to her card; anything else is the spec's failure text.
      if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500) setRefusal({ id, text: err.message });
      else {
        setCancelError(MSG.cancelFailed);
        window.scrollTo({ top: 0 });
      }
    },
  });

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        title="Mis Citas"
        subtitle="Consulta tus reservas, cámbialas de hora o cancélalas si lo necesitas."
        actions={
          <>
            {(bonos.data?.bonos.length ?? 0) > 0 && (
              <ButtonLink href="/mis-bonos" variant="secondary" className="w-full sm:w-auto">
                Mis bonos
              </ButtonLink>
            )}
            {(waiting.data?.length ?? 0) > 0 && (
              <ButtonLink href="/lista-de-espera" variant="secondary" className="w-full sm:w-auto">
                {WAITING_MSG.title}
              </ButtonLink>
            )}
            <ButtonLink href="/services" className="w-full sm:w-auto">
              Reservar Otro Servicio
            </ButtonLink>
          </>
        }
      />
      <EmailConfirmationNotice />
      <Suspense fallback={null}>
        <PhoneNote />
      </Suspense>
      <div className="mb-6 flex flex-col gap-3 empty:hidden">
        {banner && <Alert tone="success">{BANNERS[banner]}</Alert>}
        {banner === 'success' && bonoNote && <Alert tone="info">{bonoNote}</Alert>}
        {cancelError && <Alert>{cancelError}</Alert>}
      </div>

      {list.isPending ? (
        <InlineLoading text="Cargando tus citas..." />
      ) : list.isError ? (
        <Alert>{MSG.loadMyDataFailed}</Alert>
      ) : list.data.appointments.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-10 text-center">
          <p className="text-lg text-muted">Aún no tienes citas programadas.</p>
        </div>
      ) : (
        // docs/decisions/074: "Próximas" first (soonest first), then "Anteriores" (newest first), as the server orders them.
        [true, false].map((upcoming) => {
          // A visit of several services is one card (ADR 081).
          const shown = visitCards(list.data.appointments.filter((a) => a.upcoming === upcoming));
          if (shown.length === 0) return null;
          const heading = upcoming ? 'Próximas' : 'Anteriores';
          return (
            <section key={heading} aria-labelledby={`mis-citas-${heading}`} className="mb-10">
              <h2 id={`mis-citas-${heading}`} className="mb-4 text-xl text-ink">
                {heading}
              </h2>
              <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
                {shown.map((a) => (
                  <AppointmentCard
                    key={a.id}
                    a={a}
                    now={now}
                    salon={list.data}
                    highlighted={target === cardAnchor(a.id)}
                    bonoLeft={bonoLeftOf(a.id)}
                    refusal={refusal?.id === a.id ? refusal.text : null}
                    onCancel={(x) => {
                      setCancelError(null);
                      setRefusal(null);
                      setToCancel(x);
                    }}
                    onMove={(x) => {
                      setCancelError(null);
                      setRefusal(null);
                      setToMove(x);
                    }}
                  />
                ))}
              </ul>
            </section>
          );
        })
      )}

      <RemindersSwitch />

      {toMove && (
        <Suspense fallback={null}>
          <RescheduleSheet
            appointment={{ ...toMove, startTime: String(toMove.startTime) }}
            onClose={() => setToMove(null)}
            onDone={() => {
              setToMove(null);
              void qc.invalidateQueries({ queryKey: myAppointmentsQuery().queryKey });
              window.scrollTo({ top: 0 });
              navigate('/my-appointments?status=moved', { replace: true });
            }}
          />
        </Suspense>
      )}

      <Suspense fallback={null}>
        <MyConsents />
      </Suspense>

      <MyDataSection />

      <ConfirmDialog
        isOpen={toCancel !== null}
        title={MSG.cancelConfirm}
        confirmLabel="Sí, cancelar cita"
        cancelLabel="No, mantenerla"
        tone="danger"
        pending={cancel.isPending}
        onConfirm={() => toCancel && cancel.mutate(toCancel.id)}
        onClose={() => setToCancel(null)}
      >
        {toCancel && (
          <p>
            {toCancel.serviceName} con {toCancel.employeeName}, {formatDateLong(toCancel.startTime)} a las {formatTime(toCancel.startTime)}{' '}
            h.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
