import { readablePhone } from '../../../domain/phone';
import { type FormEvent, useState } from 'react';
import { employeeFieldsError } from '../../../domain/back-office-rules';
import { MSG } from '../../../domain/texts/common';
import { defaultWeeklySchedule, describeScheduleError, validateWeeklySchedule, type WeeklySchedule } from '../../../domain/weekly-schedule';
import { ScheduleEditor } from '../../components/schedule-editor';
import { FormFooter } from '../../components/admin/admin-ui';
import { useFieldErrors } from '../../components/form-field';
import { TextField } from '../../components/text-field';
import { AccountAccess } from './account-access';
import { AccountLink, initialLink, type LinkState } from './account-link';
import { GiveAccess } from './give-access';
import { OfferedServices } from './offered-services';
import type { CatalogFormProps } from '../../components/admin/use-catalog-manager';
import type { AdminEmployee, EmployeeInput } from '../../api/employees';
import type { EmployeeAccountRole } from '../../../domain/roles';
import type { AdminService } from '../../api/services-admin';

type Field = 'name' | 'email';
const FIELD_OF: Record<string, Field> = { [MSG.employeeNameRequired]: 'name', [MSG.employeeEmailInvalid]: 'email' };

function Part({ title, hint, children, className = '' }: { title: string; hint?: string; children: React.ReactNode; className?: string }) {
  return (
    <fieldset className={`min-w-0 border-t border-line pt-5 first:border-t-0 first:pt-0 ${className}`}>
      <legend className="float-left w-full font-serif text-xl font-semibold text-ink">{title}</legend>
      {hint && <p className="clear-both pt-0.5 text-sm text-muted">{hint}</p>}
      <div className="clear-both pt-4">{children}</div>
    </fieldset>
  );
}

/**
 * SPEC §5 Employee form: name required, contact email optional (email), phone optional, the
 * ACTIVE services as checkboxes, the weekly availability, and the account-linking control.
 */
export function EmployeeForm({
  employee,
  services,
  pending,
  error,
  onSubmit,
  onCancel,
}: CatalogFormProps<EmployeeInput> & {
  employee: AdminEmployee | null;
  services: AdminService[];
}) {
  const [name, setName] = useState(employee?.name ?? '');
  const [email, setEmail] = useState(employee?.email ?? '');
  const [phone, setPhone] = useState(readablePhone(employee?.phoneNumber));
  const [offered, setOffered] = useState<Set<string>>(() => new Set(employee?.servicesOffered ?? []));
  const [availability, setAvailability] = useState<WeeklySchedule>(() => (employee?.availability as WeeklySchedule | undefined) ?? defaultWeeklySchedule());
  const [link, setLink] = useState<LinkState>(() => initialLink(employee?.userId ?? null, employee?.userAccountEmail ?? null));
  const [accountRole, setAccountRole] = useState<EmployeeAccountRole>(employee?.accountRole ?? 'employee');
  const errors = useFieldErrors<Field>(FIELD_OF, (f) => `employee-${f}`);

  function submit(e: FormEvent) {
    e.preventDefault();
    const fields = { name: name.trim(), email: email.trim(), phoneNumber: phone.trim(), accountRole, servicesOffered: [...offered] };
    const problem = employeeFieldsError(fields);
    if (problem) return errors.fail(problem);
    const scheduleProblem = validateWeeklySchedule(availability);
    if (scheduleProblem) return errors.fail(describeScheduleError(scheduleProblem));
    // SPEC §5: a typed account email must be confirmed with 'Vincular Cuenta' (docs/decisions/004 for edits).
    if (link.typed.trim() && !link.linked) return errors.fail(MSG.linkNotConfirmed);
    errors.reset();
    onSubmit({
      name: fields.name,
      email: fields.email || null,
      phoneNumber: fields.phoneNumber || null,
      servicesOffered: [...offered],
      availability,
      userId: link.linked?.userId ?? null,
      accountRole,
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={employee ? `Editar empleado ${employee.name}` : 'Nuevo empleado'} className="space-y-7">
      <Part title="Datos">
        <div className="grid gap-5 md:grid-cols-3">
          <TextField label="Nombre" name="employee-name" value={name} {...errors.textField('name', setName)} isRequired autoFocus />
          <TextField
            label="Email de contacto"
            name="employee-email"
            type="email"
            value={email}
            {...errors.textField('email', setEmail)}
            description="Opcional."
          />
          <TextField label="Teléfono" name="employee-phone" type="tel" value={phone} onChange={setPhone} description="Opcional." />
        </div>
      </Part>

      <div className="grid gap-7 lg:grid-cols-2 lg:gap-10">
        <Part title="Servicios que ofrece" hint="Solo se muestran los servicios activos.">
          <OfferedServices services={services} offered={offered} onChange={setOffered} />
        </Part>

        <Part className="lg:border-t-0 lg:pt-0" title="Cuenta de usuario" hint="Vincula la cuenta con la que esta persona inicia sesión para que vea su agenda y reciba citas.">
          <AccountLink value={link} onChange={setLink} employeeId={employee?.id ?? null} originalUserId={employee?.userId ?? null} />
          <AccountAccess value={accountRole} onChange={setAccountRole} />
          {/* ADR 084: an active professional without an account is given one here. */}
          {employee?.isActive && !employee.userId && !link.linked && (
            <GiveAccess employee={employee} onGranted={(e) => setLink(initialLink(e.userId, e.userAccountEmail))} />
          )}
        </Part>
      </div>

      <Part title="Disponibilidad semanal" hint="Los días y horas en que se le pueden reservar citas.">
        <ScheduleEditor value={availability} onChange={setAvailability} label="Disponibilidad semanal" offLabel="Libre" />
      </Part>

      <FormFooter
        problems={[errors.formError, error]}
        pending={pending}
        saveLabel={employee ? 'Guardar cambios' : 'Guardar empleado'}
        onCancel={onCancel} className="border-t border-line pt-5"
      />
    </form>
  );
}
