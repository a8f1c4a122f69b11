import { Alert } from '../../components/alert';
import { InlineLoading } from '../../components/loading';
import { CARD } from './report-card';

/** A report still loading, or its Spanish error (the server's message for bad dates). */
export function Pending({ title, query }: { title: string; query: { isError: boolean; error: Error | null } }) {
  return (
    <section aria-label={title} className={CARD}>
      <h2 className="font-serif text-2xl">{title}</h2>
      {query.isError ? <Alert>{query.error?.message}</Alert> : <InlineLoading text="Calculando..." />}
    </section>
  );
}
