import { CONSENT_LIMITS } from '../../../domain/consents';
import { inputClass } from '../../components/input-class';
import type { Question } from '../../api/consents';

// The template's health questions as the client answers them: a yes/no is a radio group (its
// question is the group's legend, so a screen reader reads it with each choice), with a "¿Cuál?"
// text when she answers yes and the question asks for it; a short-text question is a text input.
// Each error is tied to its group (aria-describedby) and the group is marked invalid.

/** What she typed or chose so far for one question, and for all of them by question id. */
export type DraftAnswer = { value?: boolean | string; detail?: string };
export type Draft = Record<string, DraftAnswer>;

const YES_NO = [
  [true, 'Sí'],
  [false, 'No'],
] as const;

export function QuestionInputs({
  questions,
  draft,
  errors,
  disabled,
  onChange,
}: {
  questions: Question[];
  draft: Draft;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (id: string, next: DraftAnswer) => void;
}) {
  return (
    <ol className="space-y-4">
      {questions.map((q, i) => (
        <li key={q.id}>
          <QuestionInput
            question={q}
            n={i + 1}
            answer={draft[q.id] ?? {}}
            error={errors[q.id]}
            disabled={disabled}
            onChange={(next) => onChange(q.id, next)}
          />
        </li>
      ))}
    </ol>
  );
}

function QuestionInput({
  question: q,
  n,
  answer,
  error,
  disabled,
  onChange,
}: {
  question: Question;
  n: number;
  answer: DraftAnswer;
  error: string | undefined;
  disabled: boolean;
  onChange: (next: DraftAnswer) => void;
}) {
  const name = `q-${q.id}`;
  const errorId = `${name}-error`;
  const box = `rounded-2xl border bg-white p-4 ${error ? 'border-brick' : 'border-line'}`;
  const errorText = error && (
    <p id={errorId} className="mt-2 text-sm text-brick">
      {error}
    </p>
  );
  if (q.kind === 'text')
    return (
      <div className={box}>
        <label htmlFor={name} className="block font-medium text-ink">
          {n}. {q.text}
        </label>
        <input
          id={name}
          name={name}
          className={`${inputClass} mt-2 w-full`}
          value={typeof answer.value === 'string' ? answer.value : ''}
          maxLength={CONSENT_LIMITS.textAnswerMax}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange({ value: e.target.value })}
        />
        {errorText}
      </div>
    );
  return (
    <fieldset className={box} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="float-left w-full font-medium text-ink">
        {n}. {q.text}
      </legend>
      <div className="clear-both flex gap-3 pt-2">
        {YES_NO.map(([value, label]) => (
          <label
            key={String(value)}
            className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-xl border border-line px-3 has-[:checked]:border-rose-700 has-[:checked]:bg-rose-50 sm:flex-none sm:px-5"
          >
            <input
              type="radio"
              name={name}
              checked={answer.value === value}
              disabled={disabled}
              onChange={() => onChange({ value, detail: value ? answer.detail : undefined })}
              className="h-5 w-5 accent-rose-700"
            />
            {label}
          </label>
        ))}
      </div>
      {q.askDetail && answer.value === true && (
        <label className="mt-3 flex flex-col gap-1.5 text-sm font-medium text-ink">
          ¿Cuál?
          <input
            name={`${name}-detail`}
            className={inputClass}
            value={answer.detail ?? ''}
            maxLength={CONSENT_LIMITS.detailMax}
            disabled={disabled}
            onChange={(e) => onChange({ value: true, detail: e.target.value })}
          />
        </label>
      )}
      {errorText}
    </fieldset>
  );
}
