import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serviceFieldsError } from '../../../domain/back-office-rules';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { VISIT_MSG } from '../../../domain/texts/visits';
import { useFieldErrors } from '../../components/form-field';
import { TextField } from '../../components/text-field';
import { FormFooter, MoneyInput, NumberInput } from '../../components/admin/admin-ui';
import { eurosOf, eurosText } from '../../lib/euro-input';
import type { CatalogFormProps } from '../../components/admin/use-catalog-manager';
import { resourcesQuery } from '../../api/resources';
import type { AdminService, ServiceInput } from '../../api/services-admin';
import { draftOf, needsOf, type NeedsDraft, type NeedsField } from './service-needs';
import { ServiceNeedsFields } from './service-needs-fields';

type Field = 'name' | 'duration' | 'price' | NeedsField;

// Which field a rule's message belongs to, so the text shows beside it (DESIGN.md: errors next to the cause).
// The server's refusals too: a resource deactivated while the form was open is refused there.
const FIELD_OF: Record<string, Field> = {
  [MSG.serviceNameRequired]: 'name',
  [MSG.serviceDurationInvalid]: 'duration',
  [MSG.servicePriceInvalid]: 'price',
  [STAFF_MSG.serviceBuffersInvalid]: 'prep',
  [STAFF_MSG.resourceGroupsTooMany]: 'groups',
  [STAFF_MSG.resourceGroupEmpty]: 'groups',
  [STAFF_MSG.resourceGroupInvalid]: 'groups',
  [STAFF_MSG.resourceGroupInactive]: 'groups',
};

/**
 * SPEC §5 Service form: name required, duration a whole number >= 1, price >= 0 in cents, the rest
 * optional; and what it needs besides a professional (ADR 036): buffers and cabins or machines.
 */
export function ServiceForm({
  service,
  pending,
  error,
  onSubmit,
  onCancel,
}: CatalogFormProps<ServiceInput> & {
  /** null: a new service. */
  service: AdminService | null;
}) {
  const [name, setName] = useState(service?.name ?? '');
  const [category, setCategory] = useState(service?.category ?? '');
  const [duration, setDuration] = useState(service ? String(service.duration) : '');
  const [price, setPrice] = useState(service ? eurosText(service.price) : '');
  const [description, setDescription] = useState(service?.description ?? '');
  const [parallel, setParallel] = useState(service?.parallelAllowed ?? false);
  const resources = useQuery({ ...resourcesQuery(), select: (d) => d.resources.filter((r) => r.isActive) });
  const active = new Set((resources.data ?? []).map((r) => r.id));
  // null until the admin changes it: follows the saved service, its groups keeping only active resources once known.
  const [needs, setNeeds] = useState<NeedsDraft | null>(null);
  const draft = needs ?? draftOf(service, resources.data ? active : null);
  const errors = useFieldErrors<Field>(FIELD_OF, (f) => `service-${f}`);
  const serverField = error ? FIELD_OF[error] : undefined;
  const errorOf = (f: Field) => errors.errorOf(f) ?? (serverField === f ? error : null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = {
      name: name.trim(),
      category: category.trim(),
      description: description.trim(),
      // An empty box is "not a number", which the rule refuses with the field's own text.
      duration: duration.trim() === '' ? Number.NaN : Number(duration),
      price: eurosOf(price),
    };
    const problem = serviceFieldsError(input);
    if (problem) return errors.fail(problem);
    // Without the resources (still loading, or failed) the groups are not sent: the server keeps them as they are.
    const known = resources.data !== undefined;
    const checked = needsOf(known ? draft : { ...draft, groups: [] }, active);
    if ('error' in checked) return errors.fail(checked.error, checked.field);
    errors.reset();
    const { resourceGroups, ...buffers } = checked.ok;
    onSubmit({ ...input, ...buffers, parallelAllowed: parallel, ...(known ? { resourceGroups } : {}) });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={service ? `Editar servicio ${service.name}` : 'Nuevo servicio'} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Nombre" name="service-name" value={name} {...errors.textField('name', setName)} validate={() => errorOf('name')} isRequired autoFocus />
        <TextField label="Categoría" name="service-category" value={category} onChange={setCategory} placeholder="Ej: Cabello, Uñas, Facial" description="Opcional. Agrupa los servicios en la carta." />
        <NumberInput label="Duración" name="service-duration" value={duration} onChange={setDuration} min={1} step={1} suffix="min" error={errorOf('duration')} />
        <MoneyInput label="Precio" name="service-price" value={price} onChange={setPrice} error={errorOf('price')} />
      </div>
      <TextField label="Descripción" name="service-description" value={description} onChange={setDescription} multiline description="Opcional. La verán los clientes al elegir." />
      <label className="flex items-start gap-3 text-sm text-ink">
        <input type="checkbox" name="service-parallel" checked={parallel} onChange={(e) => setParallel(e.target.checked)} className="mt-0.5 h-5 w-5 accent-rose-700" />
        <span>
          {VISIT_MSG.parallelSetting}
          <span className="block text-muted">Con otra profesional, en la misma visita (por ejemplo, manicura y pedicura).</span>
        </span>
      </label>
      <ServiceNeedsFields draft={draft} onChange={setNeeds} resources={resources.data} loadFailed={resources.isError} errorOf={errorOf} />
      <FormFooter
        problems={[errors.formError, serverField ? null : error]}
        pending={pending}
        saveLabel={service ? 'Guardar cambios' : 'Guardar servicio'}
        onCancel={onCancel}
      />
    </form>
  );
}
