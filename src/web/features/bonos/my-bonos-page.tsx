import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { BonoCard } from '../../components/bono-card';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { myBonosQuery } from '../../api/bonos';

/** /mis-bonos — "Mis bonos" (ADR 037): what is left of each bono, its expiry, each session with its date. */
export default function MyBonosPage() {
  const list = useQuery(myBonosQuery());
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        title="Mis bonos"
        subtitle="Las sesiones que te quedan y hasta cuándo valen. Al reservar un servicio del bono, se usa solo."
        actions={
          <ButtonLink href="/my-appointments" variant="secondary" className="w-full sm:w-auto">
            Mis Citas
          </ButtonLink>
        }
      />
      {list.isPending ? (
        <InlineLoading text="Cargando tus bonos..." />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : list.data.bonos.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-10 text-center">
          <p className="text-lg text-muted">Aún no tienes bonos. Pregunta en el salón por los bonos de sesiones.</p>
        </div>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {list.data.bonos.map((b) => (
            <BonoCard key={b.id} bono={b} />
          ))}
        </ul>
      )}
    </section>
  );
}
