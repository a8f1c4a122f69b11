import { VISIT_MSG } from '../../../domain/texts/visits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { formatDateLong } from '../../lib/format';
import type { KeptChoice } from './pending-choice';

// Back from sign-up, sign-in or Google with her choice kept (ADR 078): what she chose, and the
// button that books it as her, through the client's own booking (POST /api/booking; a visit of
// several services, ADR 105: every part in one POST /api/booking/visits). A refusal shows here,
// next to the choice, which stays kept.

const MODE_TEXT = { sequence: VISIT_MSG.modeSequence, parallel: VISIT_MSG.modeParallel } as const;

export function ConfirmChoice({
  choice,
  pending,
  error,
  onConfirm,
  onDiscard,
}: {
  choice: KeptChoice;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onDiscard: () => void;
}) {
  return (
    <section
      aria-labelledby="confirm-choice"
      className="rounded-[var(--radius-card)] border border-rose-100 bg-white p-5 shadow-soft sm:p-6"
    >
      <h2 id="confirm-choice" className="font-serif text-2xl">
        Confirma tu cita
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {choice.kind === 'visit' ? (
          <>
            <dt className="font-semibold">Servicios</dt>
            <dd>
              <ul className="flex flex-col gap-1">
                {choice.parts.map((p) => (
                  <li key={p.serviceId}>
                    {p.serviceName} <span className="text-muted">con {p.professionalName}</span>
                  </li>
                ))}
              </ul>
            </dd>
            <dt className="font-semibold">Cómo</dt>
            <dd>{MODE_TEXT[choice.mode]}</dd>
          </>
        ) : (
          <>
            <dt className="font-semibold">Servicio</dt>
            <dd>{choice.serviceName}</dd>
            <dt className="font-semibold">Profesional</dt>
            <dd>{choice.professionalName}</dd>
          </>
        )}
        <dt className="font-semibold">Día y hora</dt>
        <dd className="first-letter:uppercase">
          {formatDateLong(`${choice.date}T12:00:00Z`)}, {choice.time}
        </dd>
        {choice.notes && (
          <>
            <dt className="font-semibold">Notas</dt>
            <dd className="break-words">{choice.notes}</dd>
          </>
        )}
      </dl>
      {error && (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row-reverse">
        <Button onPress={onConfirm} isDisabled={pending} className="py-3.5 text-base sm:px-10">
          {pending ? 'Reservando...' : 'Confirmar cita'}
        </Button>
        <Button variant="ghost" onPress={onDiscard} isDisabled={pending}>
          Elegir otra hora
        </Button>
      </div>
    </section>
  );
}
