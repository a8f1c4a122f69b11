import { type FormEvent, useState } from 'react';
import { resourceFieldsError, RESOURCE_KINDS, type ResourceKind } from '../../../domain/resources';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { useFieldErrors } from '../../components/form-field';
import { TextField } from '../../components/text-field';
import { FormFooter } from '../../components/admin/admin-ui';
import type { CatalogFormProps } from '../../components/admin/use-catalog-manager';
import type { Resource, ResourceInput } from '../../api/resources';
import { KIND_LABEL } from './resource-text';

type Field = 'name' | 'kind';

// Which field a rule's message belongs to, so the text shows beside it (DESIGN.md: errors next to the cause).
const FIELD_OF: Record<string, Field> = {
  [STAFF_MSG.resourceNameRequired]: 'name',
  [STAFF_MSG.textControlCharacters]: 'name',
  [STAFF_MSG.resourceKindInvalid]: 'kind',
};

/** A cabin or machine: its name and kind (ADR 036); the same rules as the server (domain/resources.ts). */
export function ResourceForm({
  resource,
  pending,
  error,
  onSubmit,
  onCancel,
}: CatalogFormProps<ResourceInput> & {
  /** null: a new one. */
  resource: Resource | null;
}) {
  const [name, setName] = useState(resource?.name ?? '');
  const [kind, setKind] = useState<ResourceKind>(resource?.kind ?? 'cabina');
  const errors = useFieldErrors<Field>(FIELD_OF, (f) => `resource-${f}`);
  // The server's refusal of a field, beside that field too.
  const serverField = error ? FIELD_OF[error] : undefined;
  const nameError = errors.errorOf('name') ?? (serverField === 'name' ? error : null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = { name: name.trim(), kind };
    const problem = resourceFieldsError(input);
    if (problem) return errors.fail(problem);
    errors.reset();
    onSubmit(input);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={resource ? `Editar ${resource.name}` : 'Nueva cabina o aparato'} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Nombre"
          name="resource-name"
          value={name}
          placeholder="Ej: Cabina 1, Láser de diodo"
          {...errors.textField('name', setName)}
          validate={() => nameError}
          isRequired
          autoFocus
        />
        <fieldset>
          <legend className="text-sm font-medium text-ink">Tipo</legend>
          <div className="mt-1.5 flex gap-6">
            {RESOURCE_KINDS.map((k) => (
              <label key={k} className="flex min-h-11 items-center gap-2 text-sm text-ink">
                <input
                  type="radio"
                  name="resource-kind"
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  className="h-5 w-5 accent-rose-700"
                />
                {KIND_LABEL[k]}
              </label>
            ))}
          </div>
          {(errors.errorOf('kind') ?? (serverField === 'kind' ? error : null)) && (
            <p className="mt-1 text-sm text-brick">{errors.errorOf('kind') ?? error}</p>
          )}
        </fieldset>
      </div>
      <FormFooter
        problems={[errors.formError, serverField ? null : error]}
        pending={pending}
        saveLabel={resource ? 'Guardar cambios' : 'Guardar'}
        onCancel={onCancel}
      />
    </form>
  );
}
