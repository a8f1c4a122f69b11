import { Alert } from '../../components/alert';
import { InlineLoading } from '../../components/loading';

/** A report still loading, or its Spanish error (the server's message for bad dates). */
export function Pending({ title, query }: { title: string; query: { isError: boolean; error: Error | null } }) {
  return (
    <section aria-label={title} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft sm:p-6">
      <h2 className="font-serif text-2xl">{title}</h2>
      {query.isError ? <Alert>{query.error?.message}</Alert> : <InlineLoading text="Calculando..." />}
    </section>
  );
}
