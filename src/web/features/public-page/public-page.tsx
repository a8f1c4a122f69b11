import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { FullPageLoading } from '../../components/loading';
import { ApiRequestError } from '../../lib/api';
import { RETURN_FLAG } from '../../lib/return-to';
import { todayInSalon } from '../../lib/salon-today';
import { book } from '../../api/booking';
import { publicPageQuery, type PublicServiceItem } from '../../api/public-page';
import { homeOf, useSession } from '../../api/session';
import { ConfirmChoice } from './confirm-choice';
import { clearChoice, readChoice, saveChoice, type Choice } from './pending-choice';
import { SalonInfo } from './salon-info';
import { ServiceCatalog } from './service-catalog';
import { TimePicker } from './time-picker';

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
  const today = useMemo(() => todayInSalon(), []);
  const [service, setService] = useState<PublicServiceItem | null>(null);
  const [kept, setKept] = useState<Choice | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read after hydration: the server has no sessionStorage.
  useEffect(() => {
    if (params.get('paso') === 'confirmar') setKept(readChoice());
  }, [params]);

  const booking = useMutation({
    mutationFn: (c: Choice) => book({ serviceId: c.serviceId, professionalId: c.professionalId, date: c.date, time: c.time, notes: c.notes || undefined }),
    onSuccess: ({ bonoNote }) => {
      clearChoice();
      void navigate('/my-appointments?status=success', { state: bonoNote ? { bonoNote } : null });
    },
    onError: (err) => setError(err instanceof ApiRequestError && err.status < 500 && err.status > 0 ? err.message : MSG.bookingFailed),
  });
  const confirm = (c: Choice) => {
    setError(null);
    if (user) return booking.mutate(c);
    // Not signed in: the one-step sign-up (sign-in and Google from there), then back here.
    saveChoice(c);
    void navigate(`/signup?${RETURN_FLAG}=1`);
  };

  if (profile.isPending) return <FullPageLoading text="Cargando..." />;
  if (profile.isError) return <div className="mx-auto max-w-xl p-6"><Alert>{profile.error.message}</Alert></div>;
  const { salon, categories, team } = profile.data;
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
            <ConfirmChoice
              choice={kept}
              pending={booking.isPending}
              error={error}
              onConfirm={() => booking.mutate(kept)}
              onDiscard={() => {
                clearChoice();
                setKept(null);
                setError(null);
              }}
            />
          )}
          <section aria-labelledby="servicios">
            <h2 id="servicios" className="mb-4 font-serif text-2xl">
              Servicios
            </h2>
            <ServiceCatalog categories={categories} selected={service?.id ?? ''} onPick={(s) => setService(s)} />
          </section>
          {service && (
            <section aria-labelledby="elige-hora">
              <h2 id="elige-hora" className="font-serif text-2xl">
                {service.name}: elige día y hora
              </h2>
              {error && !kept && <div className="mt-3"><Alert>{error}</Alert></div>}
              <TimePicker key={service.id} service={service} team={team} today={today} pending={booking.isPending} onConfirm={confirm} />
            </section>
          )}
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
