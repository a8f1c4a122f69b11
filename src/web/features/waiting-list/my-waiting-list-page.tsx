import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WAITING_MSG } from '../../../domain/texts/waiting-list';
import { entryHoursText } from '../../../domain/waiting-list';
import { myWaitingListQuery, withdrawMyEntry, type MyEntry } from '../../api/waiting-list';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { formatDateLong } from '../../lib/format';

// Her waiting list (ADR 070): what she is waiting for, and "Retirar" for each. Entries past their
// last day are gone from it by themselves.

const dayText = (d: string) => formatDateLong(new Date(`${d}T12:00:00Z`));
const daysText = (e: MyEntry) => (e.fromDate === e.toDate ? dayText(e.fromDate) : `del ${dayText(e.fromDate)} al ${dayText(e.toDate)}`);

function EntryCard({ entry }: { entry: MyEntry }) {
  const qc = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => withdrawMyEntry(entry.id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['waiting-list', 'mine'] }),
  });
  return (
    <li className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line/80 bg-white p-5 shadow-soft sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-serif text-xl">{entry.serviceName}</p>
        <p className="text-sm text-muted first-letter:uppercase">{daysText(entry)}</p>
        <p className="text-sm text-muted first-letter:uppercase">
          {entryHoursText(entry)} · {entry.employeeName ?? 'Cualquier profesional'}
        </p>
        {withdraw.isError && <Alert>{withdraw.error.message}</Alert>}
      </div>
      <Button
        variant="secondary"
        onPress={() => withdraw.mutate()}
        isDisabled={withdraw.isPending}
        aria-label={`Retirar el aviso de ${entry.serviceName}`}
      >
        {withdraw.isPending ? 'Retirando...' : 'Retirar'}
      </Button>
    </li>
  );
}

export default function MyWaitingListPage() {
  const entries = useQuery(myWaitingListQuery());
  return (
    <section className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader
        title={WAITING_MSG.title}
        subtitle="Te avisamos en cuanto se libere un hueco que te encaje, con un enlace para reservarlo."
      />
      {entries.isPending ? (
        <InlineLoading text="Cargando..." />
      ) : entries.isError ? (
        <Alert>{entries.error.message}</Alert>
      ) : entries.data.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 p-6 text-muted">
          <p>No estás esperando ningún hueco. Cuando un día no tenga horas libres, pulsa «{WAITING_MSG.notifyMe}».</p>
          <ButtonLink href="/services" variant="secondary">
            Ver servicios
          </ButtonLink>
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {entries.data.map((e) => (
            <EntryCard key={e.id} entry={e} />
          ))}
        </ul>
      )}
    </section>
  );
}
