import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/button';
import { inputClass } from '../../components/input-class';
import { chevron, selectClass } from '../../components/select-class';
import { CONSENT_LIMITS } from '../../../domain/consents';
import type { Question } from '../../api/consents';

// The template's questions (ADR 041): each a yes/no (with an optional "¿cuál?" when yes, and a
// contraindication when answered yes) or a short text; added, removed and put in order here. A
// question keeps its id across versions (q1, q2...): a new one takes the next free number.

export function newQuestion(existing: Question[]): Question {
  const used = new Set(existing.map((q) => q.id));
  let n = existing.length + 1;
  while (used.has(`q${n}`)) n++;
  return { id: `q${n}`, text: '', kind: 'yesno', askDetail: false, contraindication: false };
}

export function QuestionsEditor({
  questions,
  error,
  onChange,
}: {
  questions: Question[];
  error: string | null;
  onChange: (next: Question[]) => void;
}) {
  const set = (i: number, patch: Partial<Question>) => onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const move = (i: number, by: number) => {
    const next = [...questions];
    const [q] = next.splice(i, 1);
    next.splice(i + by, 0, q!);
    onChange(next);
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">Preguntas de salud</legend>
      <p className="text-xs text-muted">Las marcadas como contraindicación avisan a la profesional cuando la clienta responde «Sí».</p>
      <ol className="mt-3 space-y-3">
        {questions.map((q, i) => (
          <li key={q.id} className="rounded-2xl border border-line bg-ivory/60 p-3 sm:p-4" data-testid="question-editor">
            <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
              <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
                Pregunta {i + 1}
                <input
                  className={inputClass}
                  name={`question-${i + 1}`}
                  value={q.text}
                  maxLength={CONSENT_LIMITS.questionTextMax}
                  onChange={(e) => set(i, { text: e.target.value })}
                />
              </label>
              <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
                Tipo de respuesta
                <select
                  className={selectClass}
                  style={chevron}
                  value={q.kind}
                  onChange={(e) => {
                    const kind = e.target.value as Question['kind'];
                    set(i, kind === 'text' ? { kind, askDetail: false, contraindication: false } : { kind });
                  }}
                >
                  <option value="yesno">Sí / No</option>
                  <option value="text">Texto corto</option>
                </select>
              </label>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-x-5">
              {q.kind === 'yesno' && (
                <>
                  <Flag label="Preguntar «¿cuál?» si responde sí" checked={q.askDetail} onChange={(askDetail) => set(i, { askDetail })} />
                  <Flag
                    label="Contraindicación si responde sí"
                    checked={q.contraindication}
                    onChange={(contraindication) => set(i, { contraindication })}
                  />
                </>
              )}
              <span className="ml-auto flex gap-0.5">
                <IconButton label={`Subir la pregunta ${i + 1}`} disabled={i === 0} onPress={() => move(i, -1)} icon={ArrowUp} />
                <IconButton
                  label={`Bajar la pregunta ${i + 1}`}
                  disabled={i === questions.length - 1}
                  onPress={() => move(i, 1)}
                  icon={ArrowDown}
                />
                <IconButton
                  label={`Quitar la pregunta ${i + 1}`}
                  onPress={() => onChange(questions.filter((_, j) => j !== i))}
                  icon={Trash2}
                  danger
                />
              </span>
            </div>
          </li>
        ))}
      </ol>
      {error && <p className="mt-2 text-sm text-brick">{error}</p>}
      <Button variant="secondary" className="mt-3" onPress={() => onChange([...questions, newQuestion(questions)])}>
        <Plus className="h-4 w-4" aria-hidden />
        Añadir pregunta
      </Button>
    </fieldset>
  );
}

/** One of a yes/no question's two options, a checkbox. */
function Flag({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-5 w-5 accent-rose-700" />
      {label}
    </label>
  );
}

function IconButton({
  label,
  disabled,
  onPress,
  icon: Icon,
  danger,
}: {
  label: string;
  disabled?: boolean;
  onPress: () => void;
  icon: typeof Plus;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onPress}
      className={`grid h-11 w-11 cursor-pointer place-items-center rounded-full disabled:cursor-not-allowed disabled:opacity-35 ${danger ? 'text-brick hover:bg-brick-100' : 'text-ink hover:bg-sand'}`}
    >
      <Icon className="h-4 w-4" aria-hidden />
    </button>
  );
}
