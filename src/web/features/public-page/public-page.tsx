import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { FullPageLoading, InlineLoading } from '../../components/loading';
import { ApiRequestError } from '../../lib/api';
import { RETURN_FLAG } from '../../lib/return-to';
import { publicPageQuery, type PublicServiceItem } from '../../api/public-page';
import { homeOf, useSession } from '../../api/session';
import { clearChoice, readChoice, saveChoice, type KeptChoice, type VisitChoice } from './pending-choice';
import { SalonInfo } from './salon-info';
import { ServiceCatalog } from './service-catalog';

// The first view is the catalog and the salon (the 125 KB budget, ADR 009): the time picker (the
// calendar, the slot grid), the confirmation card and the booking call load when they are needed.
const TimePicker = lazy(() => import('./time-picker').then((m) => ({ default: m.TimePicker })));
const ConfirmChoice = lazy(() => import('./confirm-choice').then((m) => ({ default: m.ConfirmChoice })));
// A visit of several services (ADR 105): loaded on the tap of "Añadir otro servicio", never in the first view.
const VisitChoicePicker = lazy(() => import('./visit-choice'));

/**
 * /reservar — the salon's public page (ADR 078): services, team, hours, address, phone and
 * WhatsApp for anyone; a time chosen without an account; sign-up or sign-in only at "Confirmar",
 * the choice kept across it (pending-choice.ts), then booked as the signed-in client.
 */
export default function PublicPage() {
  const profile = useQuery(publicPageQuery());
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [service, setService] = useState<PublicServiceItem | null>(null);
  const [kept, setKept] = useState<KeptChoice | null>(null);
  // The visit planner open under the chosen service, with the visit to start from (back from a refusal).
  const [visit, setVisit] = useState<{ initial?: VisitChoice } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read after hydration: the server has no sessionStorage.
  useEffect(() => {
    if (params.get('paso') === 'confirmar') setKept(readChoice());
  }, [params]);

  const [booking, setBooking] = useState(false);
  // The client's own booking (POST /api/booking, or POST /api/booking/visits for a visit: ONE
  // request for all its parts): every rule of it, as from the booking page.
  const bookChoice = async (c: KeptChoice) => {
    setBooking(true);
    setError(null);
    try {
      if (c.kind === 'visit') {
        const { bookVisit } = await import('../../api/visits');
        const parts = c.parts.map(({ serviceId, professionalId }) => ({ serviceId, professionalId }));
        await bookVisit({ parts, mode: c.mode, date: c.date, time: c.time, notes: c.notes || undefined });
        clearChoice();
        return void navigate('/my-appointments?status=success');
      }
      const { book } = await import('../../api/booking');
      const { bonoNote } = await book({ serviceId: c.serviceId, professionalId: c.professionalId, date: c.date, time: c.time, notes: c.notes || undefined });
      clearChoice();
      void navigate('/my-appointments?status=success', { state: bonoNote ? { bonoNote } : null });
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status < 500 && err.status > 0 ? err.message : MSG.bookingFailed);
      setBooking(false);
    }
  };
  const confirm = (c: KeptChoice) => {
    setError(null);
    if (user) return void bookChoice(c);
    // Not signed in: the one-step sign-up (sign-in and Google from there), then back here.
    saveChoice(c);
    void navigate(`/signup?${RETURN_FLAG}=1`);
  };

  if (profile.isPending) return <FullPageLoading text="Cargando..." />;
  if (profile.isError) return <div className="mx-auto max-w-xl p-6"><Alert>{profile.error.message}</Alert></div>;
  const { salon, categories, team } = profile.data;
  const services = categories.flatMap((c) => c.services);
  return (
    <div className="min-h-dvh bg-ivory text-ink">
      <header className="border-b border-line/80 bg-white/70">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <p className="font-serif text-2xl">{salon.name}</p>
          <Link to={user ? homeOf(user.role) : `/login?${RETURN_FLAG}=1`} className="text-sm font-medium text-rose-800 underline-offset-4 hover:underline">
            {user ? 'Mis citas y más' : 'Iniciar sesión'}
          </Link>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-10">
        <div className="flex min-w-0 flex-col gap-8">
          <div>
            <h1 className="font-serif text-4xl leading-tight sm:text-5xl">Reserva tu cita</h1>
            <p className="mt-2 text-muted">Elige un servicio y una hora libre. Solo te pediremos tus datos al confirmar.</p>
          </div>
          {kept && user && (
            <Suspense fallback={<InlineLoading text="Cargando..." />}>
              <ConfirmChoice
                choice={kept}
                pending={booking}
                error={error}
                onConfirm={() => void bookChoice(kept)}
                onDiscard={() => {
                  clearChoice();
                  setKept(null);
                  setError(null);
                  // A visit goes back to its planner with its services and day, to choose another time.
                  const first = kept.kind === 'visit' ? services.find((s) => s.id === kept.parts[0]?.serviceId) : undefined;
                  if (kept.kind === 'visit' && first) {
                    setService(first);
                    setVisit({ initial: kept });
                  }
                }}
              />
            </Suspense>
          )}
          <section aria-labelledby="servicios">
            <h2 id="servicios" className="mb-4 font-serif text-2xl">
              Servicios
            </h2>
            <ServiceCatalog
              categories={categories}
              selected={service?.id ?? ''}
              onPick={(s) => {
                setService(s);
                setVisit(null);
              }}
              picker={
                service && (
                  <section aria-label={`${service.name}: elige día y hora`}>
                    {visit ? (
                      <Suspense fallback={<InlineLoading text="Cargando..." />}>
                        <VisitChoicePicker
                          first={service}
                          services={services}
                          team={team}
                          initial={visit.initial}
                          pending={booking}
                          error={kept ? null : error}
                          onConfirm={(v) => confirm({ kind: 'visit', ...v })}
                          onClose={() => (setVisit(null), setError(null))}
                        />
                      </Suspense>
                    ) : (
                      <>
                        {services.length > 1 && (
                          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-rose-50/70 px-4 py-2.5 text-sm">
                            <span className="text-muted">¿Quieres otro servicio en la misma visita?</span>
                            <button type="button" onClick={() => (setVisit({}), setError(null))} className="min-h-11 cursor-pointer font-medium text-rose-800 underline-offset-4 hover:underline">
                              Añadir otro servicio
                            </button>
                          </div>
                        )}
                        {error && !kept && <div className="mt-3"><Alert>{error}</Alert></div>}
                        <Suspense fallback={<InlineLoading text="Cargando horas libres..." />}>
                          <TimePicker key={service.id} service={service} team={team} pending={booking} onConfirm={(c) => confirm({ kind: 'single', ...c })} />
                        </Suspense>
                      </>
                    )}
                  </section>
                )
              }
            />
          </section>
          {team.length > 0 && (
            <section aria-labelledby="equipo">
              <h2 id="equipo" className="font-serif text-2xl">
                El equipo
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {team.map((p) => (
                  <li key={p.id} className="rounded-full bg-rose-50 px-4 py-2 text-sm text-rose-800">
                    {p.name}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className="lg:sticky lg:top-6">
          <SalonInfo profile={profile.data} />
        </div>
      </main>
    </div>
  );
}
