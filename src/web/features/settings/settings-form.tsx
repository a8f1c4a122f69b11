import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { openingHoursOf } from '../../../domain/salon-settings';
import { MSG } from '../../../domain/texts/common';
import { describeScheduleError, validateWeeklySchedule } from '../../../domain/weekly-schedule';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { failureText, FormSection, useInvalidateAll } from '../../components/admin/admin-ui';
import { useFieldErrors } from '../../components/form-field';
import { ScheduleEditor } from '../../components/schedule-editor';
import { TextField } from '../../components/text-field';
import { formatDateLong, formatTime } from '../../lib/format';
import { saveSettings, type SalonSettingsAnswer } from '../../api/settings';
import { AppointmentRules } from './appointment-rules';
import { DiscountRules } from './discount-rules';
import { inputOf, SETTINGS_FIELD_OF, settingsProblem, valuesOf, type SettingsField, type SettingsValues } from './settings-values';

/** SPEC §8/§9: the success message disappears after 3 seconds. */
const SAVED_MESSAGE_MS = 3000;

/** 'No se pudo guardar la configuración.', followed by the server's reason when it gave one. */
function saveFailure(err: unknown): string {
  const reason = failureText(err, MSG.settingsSaveFailed);
  return reason === MSG.settingsSaveFailed ? reason : `${MSG.settingsSaveFailed} ${reason}`;
}

/**
 * Which hours bound the clients' bookings (ADR 060), as the form stands: a week without an open
 * day is "not set", and each professional is booked in her own hours.
 */
function OpeningHoursNote({ set }: { set: boolean }) {
  return (
    <p className="mt-4 rounded-lg bg-sand px-4 py-3 text-sm text-ink" data-testid="opening-hours-note">
      {set
        ? 'Las reservas de los clientes quedan dentro de este horario (y del de cada profesional). El equipo puede dar citas fuera de él desde la agenda.'
        : 'Sin horario general: cada profesional reserva en su propio horario.'}
    </p>
  );
}

/** SPEC §2 Salon settings: general information, appointment rules, opening hours, save. */
export function SettingsForm({ initial }: { initial: SalonSettingsAnswer }) {
  const invalidate = useInvalidateAll();
  const [values, setValues] = useState<SettingsValues>(() => valuesOf(initial));
  const errors = useFieldErrors<SettingsField>(SETTINGS_FIELD_OF);
  const [savedAt, setSavedAt] = useState<string | null>(initial.updatedAt);
  const [showSaved, setShowSaved] = useState(false);
  const change = (patch: Partial<SettingsValues>, field?: SettingsField) => {
    setValues((v) => ({ ...v, ...patch }));
    if (field && errors.invalid?.field === field) errors.reset();
  };

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: async (saved) => {
      setSavedAt(saved.updatedAt);
      setShowSaved(true);
      await invalidate();
    },
  });

  useEffect(() => {
    if (!showSaved) return;
    const t = setTimeout(() => setShowSaved(false), SAVED_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [showSaved]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setShowSaved(false);
    const input = inputOf(values);
    const problem = settingsProblem(input);
    if (problem) return errors.fail(problem);
    const scheduleProblem = validateWeeklySchedule(values.openingHours);
    if (scheduleProblem) return errors.fail(describeScheduleError(scheduleProblem));
    errors.reset();
    save.mutate(input);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Configuración del salón" className="space-y-6">
      <FormSection title="Información general" description="Cómo se presenta el salón a sus clientes.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Nombre del salón"
            name="salon-name"
            value={values.name}
            {...errors.textField('name', (name) => change({ name }))}
            isRequired
            className="sm:col-span-2"
          />
          <TextField label="Dirección" name="salon-address" value={values.address} onChange={(address) => change({ address })} />
          <TextField label="Teléfono" name="salon-phone" type="tel" value={values.phone} onChange={(phone) => change({ phone })} />
        </div>
      </FormSection>

      <FormSection title="Reglas de citas" description="Se aplican a todas las reservas nuevas.">
        <AppointmentRules values={values} onChange={change} errorOf={errors.errorOf} />
      </FormSection>

      <FormSection title="Descuentos" description="Hasta dónde puede rebajar el personal un precio, y con qué motivos.">
        <DiscountRules values={values} onChange={change} errorOf={errors.errorOf} />
      </FormSection>

      <FormSection title="Horario general de apertura" description="Los días y horas en que abre el salón.">
        <ScheduleEditor
          value={values.openingHours}
          onChange={(openingHours) => change({ openingHours })}
          label="Horario general de apertura"
          offLabel="Cerrado"
        />
        <OpeningHoursNote set={openingHoursOf(values.openingHours) !== null} />
      </FormSection>

      <div className="space-y-3">
        {errors.invalid && <Alert>{errors.invalid.message}</Alert>}
        {save.isError && <Alert>{saveFailure(save.error)}</Alert>}
        {showSaved && <Alert tone="success">{MSG.settingsSaved}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="hidden text-sm text-muted sm:block">
            {savedAt
              ? `Guardado por última vez el ${formatDateLong(savedAt)} a las ${formatTime(savedAt)}.`
              : 'Aún no se ha guardado: se usan los valores por defecto.'}
          </p>
          <Button type="submit" isDisabled={save.isPending} className="w-full sm:w-auto sm:min-w-52">
            <Save className="h-4 w-4" aria-hidden />
            {save.isPending ? 'Guardando...' : 'Guardar configuración'}
          </Button>
        </div>
      </div>
    </form>
  );
}
