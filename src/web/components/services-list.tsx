import { categoryLabel } from '../../domain/service-category';
import { Clock } from 'lucide-react';
import { MSG } from '../../domain/texts/common';
import { formatEuros } from '../../domain/money';
import { Alert } from './alert';
import { ButtonLink } from './button';
import { InlineLoading } from './loading';

// The services list of SPEC §2, shared by the home page (under the hero, at #servicios) and
// /services. It lives here rather than in a feature because two features show it
// (docs/decisions/008-client-booking.md). It shows what it is given: the pages read the services
// (api/catalog.ts's activeServicesQuery, which the server also renders their first views with).

export type ListedService = { id: string; name: string; description: string; category: string; price: number; duration: number };

/** The services' query as the page holds it (useQuery's answer): loading, failed, or the list. */
export type ServicesState = { data?: readonly ListedService[]; isPending: boolean; isError: boolean };

export function ServicesList({ services, headingLevel = 'h2', intro }: { services: ServicesState; headingLevel?: 'h1' | 'h2'; intro?: string }) {
  const { data, isPending, isError } = services;
  const Heading = headingLevel;
  const CardHeading = headingLevel === 'h1' ? 'h2' : 'h3';
  return (
    <section aria-labelledby="servicios-titulo" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="mb-8 max-w-2xl">
        <p className="text-sm font-semibold tracking-[0.18em] text-rose-700 uppercase">Carta de tratamientos</p>
        <Heading id="servicios-titulo" className="mt-2 text-4xl sm:text-5xl">
          Nuestros Servicios
        </Heading>
        {intro && <p className="mt-3 text-lg leading-relaxed text-muted">{intro}</p>}
      </div>
      {isPending ? (
        <InlineLoading text="Cargando servicios..." />
      ) : isError || !data ? (
        <Alert>{MSG.servicesLoadPublic}</Alert>
      ) : data.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-8 text-center text-muted">{MSG.noServicesAvailable}</p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((s) => (
            <li key={s.id} className="flex flex-col rounded-[var(--radius-card)] border border-line/80 bg-white p-6 shadow-soft">
              <p className="self-start rounded-full bg-rose-50 px-3 py-1 text-xs font-semibold tracking-wide text-rose-800">{categoryLabel(s.category)}</p>
              <CardHeading className="mt-4 text-2xl leading-tight">{s.name}</CardHeading>
              <p className="mt-2 flex-1 leading-relaxed text-muted">{s.description.trim() || 'Descripción no disponible.'}</p>
              <div className="mt-5 flex items-end justify-between gap-3 border-t border-line/70 pt-4">
                <p className="font-serif text-3xl font-semibold text-ink">{formatEuros(s.price)}</p>
                <p className="flex items-center gap-1.5 text-sm text-muted">
                  <Clock className="h-4 w-4" aria-hidden />
                  {s.duration} min
                </p>
              </div>
              <ButtonLink href={`/book/${s.id}`} className="mt-5 w-full" aria-label={`Seleccionar Servicio: ${s.name}`}>
                Seleccionar Servicio
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
