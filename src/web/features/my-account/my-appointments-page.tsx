import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Clock, Hourglass, MessageSquareText, Ticket, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { showClientCancelButton } from '../../../domain/appointment-status';
import { bonoLeftText } from '../../../domain/bonos';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { myBonosQuery } from '../../api/bonos';
import { cancelMyAppointment, myAppointmentsQuery, type MyAppointment } from '../../api/my-account';
import { ApiRequestError } from '../../lib/api';
import { formatDateLong, formatEuros, formatTime } from '../../lib/format';
import { RemindersSwitch } from './reminders-switch';
import { visitCards, type Card } from './visit-parts';

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

function Detail({ icon: Icon, label, children }: { icon: typeof Clock; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2.5">
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-rose-700" aria-hidden />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function AppointmentCard({
  a,
  now,
  bonoLeft,
  onCancel,
  onMove,
}: {
  a: Card<Appointment>;
  now: number;
  /** ADR 037: the sessions left on the bono this appointment holds a session of, if any. */
  bonoLeft: number | null;
  onCancel: (a: Appointment) => void;
  onMove: (a: Appointment) => void;
}) {
  const cancellable = showClientCancelButton({ status: a.status, startTime: new Date(a.startTime) }, now);
  return (
    <li className="flex flex-col rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-2xl leading-tight">{a.serviceName}</h2>
        <StatusBadge status={a.status} audience="client" />
      </div>
      <dl className="mt-4 grid gap-2.5 text-[0.95rem] text-ink">
        <Detail icon={UserRound} label="Profesional">
          Con {a.employeeName}
        </Detail>
        <Detail icon={CalendarDays} label="Fecha">
          <span className="inline-block first-letter:uppercase">{formatDateLong(a.startTime)}</span>
        </Detail>
        <Detail icon={Clock} label="Hora">
          {formatTime(a.startTime)} h
        </Detail>
        <Detail icon={Hourglass} label="Duración">
          {a.serviceDuration} min · <span className="font-semibold">{formatEuros(a.price)}</span>
        </Detail>
        {a.parts.length > 1 && (
          <Detail icon={Hourglass} label="Tu visita">
            <ul>
              {a.parts.map((p) => (
                <li key={p.id}>
                  {p.serviceName} con {p.employeeName}, {formatTime(p.startTime)} h
                </li>
              ))}
            </ul>
          </Detail>
        )}
        {bonoLeft !== null && (
          <Detail icon={Ticket} label="Bono">
            <span className="font-medium text-rose-700">{bonoLeftText(bonoLeft)}</span>
          </Detail>
        )}
        {a.notes_client && (
          <Detail icon={MessageSquareText} label="Tus notas">
            <span className="text-muted italic">“{a.notes_client}”</span>
          </Detail>
        )}
      </dl>
      {/* ADR 041: a consent her service requires is still to sign (the server gives the link). No
          icon: the first view stays as light as it was. */}
      {a.consentUrl && (
        <a
          href={a.consentUrl}
          className="mt-4 inline-flex min-h-11 items-center self-start rounded-full border border-amber-800/30 bg-amber-100 px-4 text-sm font-semibold text-amber-800 hover:bg-gold-100"
        >
          Firma tu consentimiento
        </a>
      )}
      {cancellable && (
        <div className="mt-auto flex flex-col gap-2 pt-5 sm:flex-row">
          {/* A visit of several services moves at the desk, part by part (ADR 083). */}
          {a.parts.length === 1 && (
            <Button variant="secondary" className="w-full" onPress={() => onMove(a)}>
              Cambiar hora
            </Button>
          )}
          <Button variant="secondary" className="w-full" onPress={() => onCancel(a)}>
            Cancelar Cita
          </Button>
        </div>
      )}
    </li>
  );
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
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [toMove, setToMove] = useState<Appointment | null>(null);

  const list = useQuery(myAppointmentsQuery());
  const bonos = useQuery(myBonosQuery());
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
    onError: (err) => {
      setToCancel(null);
      // A refusal (outside the policy, already cancelled) explains itself; anything else is the spec's failure text.
      setCancelError(err instanceof ApiRequestError && err.status >= 400 && err.status < 500 ? err.message : MSG.cancelFailed);
      window.scrollTo({ top: 0 });
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
      ) : list.data.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-10 text-center">
          <p className="text-lg text-muted">Aún no tienes citas programadas.</p>
        </div>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {visitCards(list.data).map((a) => (
            <AppointmentCard
              key={a.id}
              a={a}
              now={now}
              bonoLeft={bonoLeftOf(a.id)}
              onCancel={(x) => {
                setCancelError(null);
                setToCancel(x);
              }}
              onMove={(x) => {
                setCancelError(null);
                setToMove(x);
              }}
            />
          ))}
        </ul>
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
