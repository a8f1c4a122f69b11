import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CONSENT_MSG, templateError } from '../../../domain/consents';
import { useFieldErrors } from '../../components/form-field';
import { TextField } from '../../components/text-field';
import { FormFooter, NumberInput } from '../../components/admin/admin-ui';
import type { CatalogFormProps } from '../../components/admin/use-catalog-manager';
import { adminServicesQuery } from '../../api/services-admin';
import type { ConsentTemplate, Question, TemplateInput } from '../../api/consents';
import { QuestionsEditor } from './questions-editor';
import { ServiceCheckboxes } from '../../components/service-checkboxes';

type Field = 'title' | 'body' | 'questions' | 'months';

// The server's rule (domain/consents.ts) checked before sending; each message beside its field.
const FIELD_OF: Record<string, Field> = {
  [CONSENT_MSG.titleRequired]: 'title',
  [CONSENT_MSG.titleTooLong]: 'title',
  [CONSENT_MSG.bodyRequired]: 'body',
  [CONSENT_MSG.bodyTooLong]: 'body',
  [CONSENT_MSG.questionInvalid]: 'questions',
  [CONSENT_MSG.questionsTooMany]: 'questions',
  [CONSENT_MSG.questionDuplicate]: 'questions',
  [CONSENT_MSG.contraindicationOnlyYesNo]: 'questions',
  [CONSENT_MSG.validityRange]: 'months',
};

/** A consent template (ADR 041): title, text, questions, how long a signature is valid, the services that require it. */
export function TemplateForm({
  template,
  pending,
  error,
  onSubmit,
  onCancel,
}: CatalogFormProps<TemplateInput> & { template: ConsentTemplate | null }) {
  const services = useQuery(adminServicesQuery());
  const [title, setTitle] = useState(template?.title ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [questions, setQuestions] = useState<Question[]>(template?.questions ?? []);
  const [perVisit, setPerVisit] = useState(template ? template.validity.kind === 'visit' : false);
  const [months, setMonths] = useState(String(template?.validity.kind === 'months' ? template.validity.months : 12));
  const [serviceIds, setServiceIds] = useState<string[]>(template?.serviceIds ?? []);
  const errors = useFieldErrors<Field>(FIELD_OF, (f) => `template-${f}`);
  const serverField = error ? FIELD_OF[error] : undefined;
  const errorOf = (f: Field) => errors.errorOf(f) ?? (serverField === f ? error : null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const input: TemplateInput = {
      title: title.trim(),
      body: body.trim(),
      questions: questions.map((q) => ({ ...q, text: q.text.trim() })),
      validity: perVisit ? { kind: 'visit' } : { kind: 'months', months: months.trim() === '' ? Number.NaN : Number(months) },
      serviceIds,
      ...(template ? { active: template.active } : {}),
    };
    const problem = templateError(input);
    if (problem) return errors.fail(problem);
    errors.reset();
    onSubmit(input);
  }

  const choices = (services.data ?? []).filter((s) => s.isActive || serviceIds.includes(s.id));
  return (
    <form onSubmit={submit} noValidate aria-label={template ? `Editar ${template.title}` : 'Nuevo consentimiento'} className="space-y-5">
      <TextField
        label="Título"
        name="template-title"
        value={title}
        placeholder="Ej: Consentimiento de depilación láser"
        {...errors.textField('title', setTitle)}
        isRequired
        autoFocus
      />
      <TextField
        label="Texto del consentimiento"
        name="template-body"
        multiline
        value={body}
        description="Lo que la clienta lee antes de firmar: el tratamiento, sus riesgos y cuidados."
        {...errors.textField('body', setBody)}
        isRequired
        className="[&_textarea]:min-h-48"
      />
      <QuestionsEditor questions={questions} error={errorOf('questions')} onChange={setQuestions} />
      <fieldset>
        <legend className="text-sm font-medium text-ink">Validez de la firma</legend>
        <div className="mt-1.5 flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-6">
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name="template-validity"
              checked={perVisit}
              onChange={() => setPerVisit(true)}
              className="h-5 w-5 accent-rose-700"
            />
            Cada visita
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name="template-validity"
              checked={!perVisit}
              onChange={() => setPerVisit(false)}
              className="h-5 w-5 accent-rose-700"
            />
            Durante un número de meses
          </label>
          {!perVisit && (
            <div className="sm:w-40">
              <NumberInput
                label="Meses"
                name="template-months"
                value={months}
                onChange={setMonths}
                min={1}
                max={60}
                step={1}
                suffix="meses"
                error={errorOf('months')}
              />
            </div>
          )}
        </div>
      </fieldset>
      <ServiceCheckboxes legend="Servicios que lo requieren" name="template-services" choices={choices} value={serviceIds} onChange={setServiceIds} />
      <FormFooter
        problems={[errors.formError, serverField ? null : error]}
        pending={pending}
        saveLabel={template ? 'Guardar cambios' : 'Guardar'}
        onCancel={onCancel}
      />
    </form>
  );
}
