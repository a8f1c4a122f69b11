import { ArrowLeft, Clock } from '../../components/inline-icons';
import { MSG } from '../../../domain/texts/common';
import { ButtonLink } from '../../components/button-class';
import { InlineLoading } from '../../components/loading';
import { formatEuros } from '../../lib/format';

type Service = { name: string; price: number; duration: number; description: string };

/** The service being booked: name, price, duration and description, beside the steps (sticky on a laptop). */
export function ServiceSummary({ service: s }: { service: Service }) {
  return (
    <header className="rounded-[var(--radius-card)] border border-line/80 bg-white p-6 shadow-soft lg:sticky lg:top-24">
      <p className="text-sm font-semibold tracking-[0.18em] text-rose-700 uppercase">Reserva tu cita</p>
      <h1 className="mt-2 text-3xl leading-tight sm:text-4xl">{s.name}</h1>
      <div className="mt-4 flex items-center gap-4">
        <p className="font-serif text-3xl font-semibold">{formatEuros(s.price)}</p>
        <p className="flex items-center gap-1.5 text-muted">
          <Clock className="h-4 w-4" aria-hidden />
          {s.duration} min
        </p>
      </div>
      <p className="mt-4 leading-relaxed text-muted">{s.description.trim() || 'Descripción no disponible.'}</p>
    </header>
  );
}

/** While the service loads. */
export function ServiceLoading() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <InlineLoading text="Cargando servicio..." />
    </section>
  );
}

/** The service could not be read: gone (404) or the request failed. */
export function ServiceUnavailable({ missing }: { missing: boolean }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl">{missing ? MSG.serviceNotFound : MSG.serviceLoadFailed}</h1>
      <ButtonLink href="/services" variant="secondary" className="mt-6">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Volver a Nuestros Servicios
      </ButtonLink>
    </section>
  );
}
