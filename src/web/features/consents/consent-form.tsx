import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { CONSENT_LIMITS } from '../../../domain/consents';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { inputClass } from '../../components/input-class';
import { signConsent, type Answer, type SigningData, type SigningTarget } from '../../api/consents';
import { QuestionInputs, type Draft } from './question-inputs';
import { SignatureField } from './signature-field';
import { answersOf, formProblems, type Problems } from './consent-form-rules';

type Pending = SigningData['pending'][number];

/**
 * One consent to sign (the same form online and at reception): its text, the health questions,
 * the explicit consent to the processing of her health data (RGPD art. 9), the signer's name and
 * the drawn signature. A missing answer, consent, name or signature is said beside it and, all
 * together, in an announced summary above "Firmar"; the first one takes the focus.
 */
export function ConsentForm({
  consent,
  clientName,
  appointmentId,
  target,
  onSigned,
}: {
  consent: Pending;
  clientName: string;
  appointmentId: string;
  target: SigningTarget;
  /** Awaited: the form stays "Firmando..." until it settles, so the consent just signed is not sent twice. */
  onSigned: () => Promise<unknown>;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({});
  const [accepted, setAccepted] = useState(false);
  const [signerName, setSignerName] = useState(clientName);
  const [signature, setSignature] = useState<string | null>(null);
  // After a first "Firmar", what is still missing is said live: each message goes as it is fixed.
  const [tried, setTried] = useState(false);
  const sign = useMutation({
    mutationFn: (answers: Answer[]) =>
      signConsent(target, appointmentId, {
        templateVersionId: consent.templateVersionId,
        answers,
        healthDataConsent: true,
        signerName: signerName.trim(),
        signature: signature!,
      }),
    onSuccess: () => onSigned(),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = formProblems(consent.questions, draft, { accepted, signerName, signature });
    setTried(true);
    if (found.count > 0) {
      requestAnimationFrame(() => document.getElementById(`${id}-summary`)?.focus());
      return;
    }
    sign.mutate(answersOf(consent.questions, draft));
  };

  const pending = sign.isPending;
  const problems: Problems | null = tried ? formProblems(consent.questions, draft, { accepted, signerName, signature }) : null;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-6">
      <section aria-labelledby={`${id}-title`} className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:p-7">
        <h2 id={`${id}-title`} className="text-2xl">
          {consent.title}
        </h2>
        <div className="mt-3 text-[0.95rem] leading-relaxed whitespace-pre-wrap text-ink" data-testid="consent-body">
          {consent.body}
        </div>
      </section>
      {consent.questions.length > 0 && (
        <section aria-labelledby={`${id}-questions`}>
          <h2 id={`${id}-questions`} className="mb-3 text-xl">
            Preguntas de salud
          </h2>
          <QuestionInputs
            questions={consent.questions}
            draft={draft}
            errors={problems?.questions ?? {}}
            disabled={pending}
            onChange={(qid, next) => setDraft((d) => ({ ...d, [qid]: next }))}
          />
        </section>
      )}
      <section className="space-y-5 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:p-7" aria-label="Firma">
        <div>
          <label className="flex cursor-pointer items-start gap-3 text-[0.95rem] font-medium text-ink">
            <input
              type="checkbox"
              name="health-data-consent"
              checked={accepted}
              disabled={pending}
              onChange={(e) => setAccepted(e.target.checked)}
              aria-invalid={problems?.accepted ? true : undefined}
              aria-describedby={problems?.accepted ? `${id}-accepted-error` : undefined}
              className="mt-0.5 h-6 w-6 shrink-0 accent-rose-700"
            />
            Acepto el tratamiento de mis datos de salud para este fin
          </label>
          {problems?.accepted && (
            <p id={`${id}-accepted-error`} className="mt-1 text-sm text-brick">
              {problems.accepted}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-ink">
            Nombre de quien firma
          </label>
          <input
            id={`${id}-name`}
            name="signer-name"
            className={inputClass}
            value={signerName}
            maxLength={CONSENT_LIMITS.signerNameMax}
            autoComplete="name"
            disabled={pending}
            onChange={(e) => setSignerName(e.target.value)}
            aria-invalid={problems?.signerName ? true : undefined}
            aria-describedby={problems?.signerName ? `${id}-name-error` : undefined}
          />
          {problems?.signerName && (
            <p id={`${id}-name-error`} className="text-sm text-brick">
              {problems.signerName}
            </p>
          )}
        </div>
        <SignatureField error={problems?.signature ?? null} disabled={pending} onChange={setSignature} />
        {problems && problems.count > 0 && (
          <div id={`${id}-summary`} tabIndex={-1} className="outline-none">
            <Alert>{problems.summary}</Alert>
          </div>
        )}
        {sign.isError && <Alert>{sign.error.message}</Alert>}
        <Button type="submit" isDisabled={pending} className="w-full sm:w-auto sm:min-w-48">
          {pending ? 'Firmando...' : 'Firmar'}
        </Button>
      </section>
    </form>
  );
}
