import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { bonoTypeError, BONO_MSG } from '../../../domain/bonos';
import { useFieldErrors } from '../../components/form-field';
import { TextField } from '../../components/text-field';
import { FormFooter, MoneyInput, NumberInput } from '../../components/admin/admin-ui';
import { eurosOf, eurosText } from '../../lib/euro-input';
import type { CatalogFormProps } from '../../components/admin/use-catalog-manager';
import { adminServicesQuery } from '../../api/services-admin';
import type { BonoType, BonoTypeInput } from '../../api/bonos';
import { ServiceCheckboxes } from '../../components/service-checkboxes';

type Field = 'name' | 'services' | 'sessions' | 'price' | 'validity';

const FIELD_OF: Record<string, Field> = {
  [BONO_MSG.nameRequired]: 'name',
  [BONO_MSG.nameTooLong]: 'name',
  [BONO_MSG.servicesRequired]: 'services',
  [BONO_MSG.serviceUnknown]: 'services',
  [BONO_MSG.sessionsRange]: 'sessions',
  [BONO_MSG.priceRange]: 'price',
  [BONO_MSG.validityRange]: 'validity',
};

const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(',', '.')));

/** A bono type (ADR 037): name, services covered, sessions, price and validity; the same rules as the server (domain/bonos.ts). */
export function BonoTypeForm({ bonoType, pending, error, onSubmit, onCancel }: CatalogFormProps<BonoTypeInput> & { bonoType: BonoType | null }) {
  const services = useQuery(adminServicesQuery());
  const [name, setName] = useState(bonoType?.name ?? '');
  const [serviceIds, setServiceIds] = useState<string[]>(bonoType?.serviceIds ?? []);
  const [sessions, setSessions] = useState(String(bonoType?.sessions ?? 6));
  const [price, setPrice] = useState(bonoType ? eurosText(bonoType.price) : '');
  const [validity, setValidity] = useState(String(bonoType?.validityMonths ?? 12));
  const errors = useFieldErrors<Field>(FIELD_OF, (f) => `bono-${f}`);
  const serverField = error ? FIELD_OF[error] : undefined;
  const errorOf = (f: Field) => errors.errorOf(f) ?? (serverField === f ? error : null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = { name: name.trim(), serviceIds, sessions: numberOf(sessions), price: eurosOf(price), validityMonths: numberOf(validity) };
    const problem = bonoTypeError(input);
    if (problem) return errors.fail(problem);
    errors.reset();
    onSubmit(input);
  }

  // Active services, and any inactive one the type already covers.
  const choices = (services.data ?? []).filter((s) => s.isActive || serviceIds.includes(s.id));
  return (
    <form onSubmit={submit} noValidate aria-label={bonoType ? `Editar ${bonoType.name}` : 'Nuevo tipo de bono'} className="space-y-5">
      <TextField label="Nombre" name="bono-name" value={name} placeholder="Ej: Bono 6 sesiones láser" {...errors.textField('name', setName)} validate={() => errorOf('name')} isRequired autoFocus />
      <ServiceCheckboxes legend="Servicios que cubre" name="bono-services" choices={choices} value={serviceIds} onChange={setServiceIds} error={errorOf('services')} />
      <div className="grid gap-5 sm:grid-cols-3">
        <NumberInput label="Sesiones" name="bono-sessions" value={sessions} onChange={setSessions} min={1} max={100} step={1} error={errorOf('sessions')} />
        <MoneyInput label="Precio" name="bono-price" value={price} onChange={setPrice} error={errorOf('price')} />
        <NumberInput label="Validez" name="bono-validity" value={validity} onChange={setValidity} min={1} max={60} step={1} suffix="meses" error={errorOf('validity')} />
      </div>
      <FormFooter problems={[errors.formError, serverField ? null : error]} pending={pending} saveLabel={bonoType ? 'Guardar cambios' : 'Guardar'} onCancel={onCancel} />
    </form>
  );
}
