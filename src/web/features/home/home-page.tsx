import { useQuery } from '@tanstack/react-query';
import { Leaf, Sparkles, CalendarCheck } from 'lucide-react';
import { Navigate } from 'react-router';
import luz from '../../assets/images/about-luz.svg';
import piedras from '../../assets/images/about-piedras.svg';
import { activeServicesQuery } from '../../api/catalog';
import { homeOf, useSession } from '../../api/session';
import { ServicesList } from '../../components/services-list';
import { HeroCarousel } from './hero-carousel';

const PROMISES = [
  { icon: Sparkles, title: 'Productos de calidad', text: 'Trabajamos con marcas profesionales, respetuosas con tu piel y tu cabello.' },
  { icon: Leaf, title: 'Sin prisas', text: 'Cada cita tiene su tiempo: nada de esperas ni de tratamientos a medias.' },
  { icon: CalendarCheck, title: 'Reserva en un minuto', text: 'Elige tratamiento, profesional y hora desde el móvil, cuando te venga bien.' },
] as const;

/** Admins and employees start in their own portals (SPEC §2 Home); clients see the salon. */
export default function HomePage() {
  const { user } = useSession();
  const staff = !!user && user.role !== 'client';
  const services = useQuery({ ...activeServicesQuery(), enabled: !staff });
  if (staff) return <Navigate to={homeOf(user.role)} replace />;
  return (
    <>
      <h1 className="sr-only">Auna, estética y belleza</h1>
      <HeroCarousel />

      <section aria-labelledby="intro-titulo" className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <p className="text-sm font-semibold tracking-[0.18em] text-rose-700 uppercase">Te damos la bienvenida</p>
        <h2 id="intro-titulo" className="mt-3 text-4xl leading-tight sm:text-5xl">
          Un rincón de calma para cuidarte
        </h2>
        <p className="mt-5 text-lg leading-relaxed text-muted">
          En Auna creemos que la belleza empieza cuando te sientes bien. Por eso cada visita es un momento para ti: te
          escuchamos, te aconsejamos con sinceridad y cuidamos cada detalle, desde el primer café hasta el último retoque.
        </p>
      </section>

      <section aria-labelledby="nosotras-titulo" className="bg-sand/60">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:gap-16">
          <div className="grid grid-cols-2 gap-4">
            <img
              src={piedras}
              alt="Piedras de masaje apiladas bajo una luz suave"
              loading="lazy"
              decoding="async"
              width={600}
              height={750}
              className="aspect-[4/5] w-full rounded-[var(--radius-card)] object-cover shadow-soft"
            />
            <img
              src={luz}
              alt="Una flor rosa abierta bajo un haz de luz cálida"
              loading="lazy"
              decoding="async"
              width={600}
              height={750}
              className="mt-10 aspect-[4/5] w-full rounded-[var(--radius-card)] object-cover shadow-soft"
            />
          </div>
          <div>
            <p className="text-sm font-semibold tracking-[0.18em] text-rose-800 uppercase">Quiénes somos</p>
            <h2 id="nosotras-titulo" className="mt-3 text-4xl leading-tight sm:text-5xl">
              Manos expertas, trato cercano
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-muted">
              Somos un equipo pequeño de estilistas y esteticistas con años de oficio en el pueblo. Nos gusta conocer a quien
              se sienta en nuestra silla, recordar cómo te gusta el color y recomendarte solo lo que de verdad te va a sentar bien.
            </p>
            <ul className="mt-8 grid gap-5">
              {PROMISES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-4">
                  <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-white text-rose-700 shadow-soft">
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <span>
                    <span className="block font-semibold text-ink">{title}</span>
                    <span className="block text-muted">{text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <div id="servicios" className="scroll-mt-20">
        <ServicesList services={services} />
      </div>
    </>
  );
}
