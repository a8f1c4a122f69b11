/**
 * The services a back-office record applies to, as a checkbox list in two columns: the services a
 * bono covers, the services that require a consent. `name` groups the boxes of one form.
 */
export function ServiceCheckboxes({
  legend,
  name,
  choices,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  choices: ReadonlyArray<{ id: string; name: string }>;
  value: readonly string[];
  onChange: (update: (ids: string[]) => string[]) => void;
  error?: string | null;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-1.5 grid gap-x-6 sm:grid-cols-2">
        {choices.map((s) => (
          <label key={s.id} className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name={name}
              checked={value.includes(s.id)}
              onChange={(e) => onChange((ids) => (e.target.checked ? [...ids, s.id] : ids.filter((id) => id !== s.id)))}
              className="h-5 w-5 accent-rose-700"
            />
            {s.name}
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-brick">{error}</p>}
    </fieldset>
  );
}
