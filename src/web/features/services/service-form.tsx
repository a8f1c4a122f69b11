import { type FormEvent, useState } from 'react';
import { serviceFieldsError } from '../../../domain/back-office-rules';
import { MSG } from '../../../domain/texts/common';
import { useFieldErrors } from '../../components/form-field';
import { TextField } from '../../components/text-field';
import { FormFooter, NumberInput } from '../../components/admin/admin-ui';
import type { CatalogFormProps } from '../../components/admin/use-catalog-manager';
import type { AdminService, ServiceInput } from '../../api/services-admin';

type Field = 'name' | 'duration' | 'price';

// Which field a rule's message belongs to, so the text shows beside it (DESIGN.md: errors next to the cause).
const FIELD_OF: Record<string, Field> = {
  [MSG.serviceNameRequired]: 'name',
  [MSG.serviceDurationInvalid]: 'duration',
  [MSG.servicePriceInvalid]: 'price',
};

/** SPEC §5 Service form: name required, duration a whole number >= 1, price >= 0 in cents, the rest optional. */
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
  const [price, setPrice] = useState(service ? service.price.toFixed(2) : '');
  const [description, setDescription] = useState(service?.description ?? '');
  const errors = useFieldErrors<Field>(FIELD_OF, (f) => `service-${f}`);

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = {
      name: name.trim(),
      category: category.trim(),
      description: description.trim(),
      // An empty box is "not a number", which the rule refuses with the field's own text.
      duration: duration.trim() === '' ? Number.NaN : Number(duration),
      price: price.trim() === '' ? Number.NaN : Number(price.replace(',', '.')),
    };
    const problem = serviceFieldsError(input);
    if (problem) return errors.fail(problem);
    errors.reset();
    onSubmit(input);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={service ? `Editar servicio ${service.name}` : 'Nuevo servicio'} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Nombre" name="service-name" value={name} {...errors.textField('name', setName)} isRequired autoFocus />
        <TextField label="Categoría" name="service-category" value={category} onChange={setCategory} placeholder="Ej: Cabello, Uñas, Facial" description="Opcional. Agrupa los servicios en la carta." />
        <NumberInput label="Duración" name="service-duration" value={duration} onChange={setDuration} min={1} step={1} suffix="min" error={errors.errorOf('duration')} />
        <NumberInput label="Precio" name="service-price" value={price} onChange={setPrice} min={0} step="0.01" suffix="€" error={errors.errorOf('price')} />
      </div>
      <TextField label="Descripción" name="service-description" value={description} onChange={setDescription} multiline description="Opcional. La verán los clientes al elegir." />
      <FormFooter
        problems={[errors.formError, error]}
        pending={pending}
        saveLabel={service ? 'Guardar cambios' : 'Guardar servicio'}
        onCancel={onCancel}
      />
    </form>
  );
}
