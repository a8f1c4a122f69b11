import { STAFF_MSG } from '../../../domain/texts/staff';
import { SLOT_INTERVAL_OPTIONS } from '../../../domain/slots';
import { fromMinutes } from '../../../domain/weekly-schedule';
import { NumberInput } from '../../components/admin/admin-ui';
import { Switch } from 'react-aria-components';
import { BONO_MSG } from '../../../domain/bonos';
import { COMPLETE_WITHOUT_CONSENT_LABEL } from '../../../domain/consents';
import { SelectField } from '../../components/form-field';
import { chevron, selectClass } from '../../components/schedule-editor';
import type { SettingsField, SettingsValues } from './settings-values';

type NumberKey = 'hours' | 'reminderHours' | 'horizon' | 'cap';

/** The whole-number rules of SPEC §2 Salon settings and ADR 025, in the order they are shown. */
const NUMBER_RULES: {
  key: NumberKey;
  field: SettingsField;
  label: string;
  name: string;
  min: number;
  suffix: string;
  description: string;
}[] = [
  {
    key: 'hours',
    field: 'hours',
    label: 'Antelación mínima para cancelar',
    name: 'cancellation-hours',
    min: 0,
    suffix: 'horas',
    description: 'Los clientes no pueden cancelar con menos horas de antelación. 0: siempre pueden.',
  },
  {
    key: 'reminderHours',
    field: 'reminder',
    label: STAFF_MSG.reminderHoursLabel,
    name: 'reminder-hours',
    min: 0,
    suffix: 'horas',
    description: 'El email de recordatorio sale estas horas antes de la cita. No se envía para citas reservadas con menos antelación.',
  },
  {
    key: 'horizon',
    field: 'horizon',
    label: 'Reservas con hasta',
    name: 'booking-horizon',
    min: 1,
    suffix: 'días de antelación',
    description: 'Los clientes no pueden reservar más allá de esta fecha (entre 1 y 730 días).',
  },
  {
    key: 'cap',
    field: 'cap',
    label: 'Citas pendientes por cliente',
    name: 'booking-cap',
    min: 1,
    suffix: 'como máximo',
    description: 'Citas confirmadas que un cliente puede tener por delante a la vez (entre 1 y 50). Las que reserva el salón no cuentan.',
  },
];

/** "Reglas de citas": the slot interval, then the numbers, each with its message beside it. */
export function AppointmentRules({
  values,
  onChange,
  errorOf,
}: {
  values: SettingsValues;
  onChange: (patch: Partial<SettingsValues>, field?: SettingsField) => void;
  errorOf: (field: SettingsField) => string | null;
}) {
  const interval = values.slotInterval;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        label="Intervalo entre citas"
        name="slot-interval"
        description={`Cada cuánto se ofrece una hora al reservar: 09:00, ${fromMinutes(9 * 60 + interval)}, ${fromMinutes(9 * 60 + 2 * interval)}…`}
        error={errorOf('interval')}
        value={interval}
        options={SLOT_INTERVAL_OPTIONS.map((n) => ({ value: n, text: `${n} minutos` }))}
        onChange={(slotInterval) => onChange({ slotInterval })}
        selectClassName={`${selectClass} pl-4`}
        style={chevron}
      />
      {NUMBER_RULES.map((r) => (
        <NumberInput
          key={r.key}
          label={r.label}
          name={r.name}
          value={values[r.key]}
          onChange={(v) => onChange({ [r.key]: v }, r.field)}
          min={r.min}
          step={1}
          suffix={r.suffix}
          error={errorOf(r.field)}
          description={r.description}
        />
      ))}
      {/* ADR 037: a no-show spends the bono's session, or gives it back. */}
      <RuleSwitch
        isSelected={values.noShowSpendsSession}
        onChange={(noShowSpendsSession) => onChange({ noShowSpendsSession })}
        label={BONO_MSG.noShowSpends}
        description="Si está desactivado, la sesión del bono vuelve al bono cuando la clienta no se presenta."
      />
      {/* ADR 041: may a visit whose consent is not signed be marked completed? */}
      <RuleSwitch
        isSelected={values.completeWithoutConsent}
        onChange={(completeWithoutConsent) => onChange({ completeWithoutConsent })}
        label={COMPLETE_WITHOUT_CONSENT_LABEL}
        description="Si está desactivado, una cita que necesita consentimiento no puede marcarse como completada hasta que la clienta lo firme."
      />
    </div>
  );
}

/** An on/off rule: the switch, its label and what it means. */
function RuleSwitch({
  isSelected,
  onChange,
  label,
  description,
}: {
  isSelected: boolean;
  onChange: (on: boolean) => void;
  label: string;
  description: string;
}) {
  return (
    <Switch
      isSelected={isSelected}
      onChange={onChange}
      className="group flex min-h-11 cursor-pointer items-start gap-3 rounded-xl outline-none sm:col-span-2"
    >
      <span
        aria-hidden
        className="mt-0.5 flex h-7 w-12 shrink-0 items-center rounded-full bg-line p-0.5 transition-colors group-data-[selected]:bg-rose-700 group-data-[focus-visible]:ring-3 group-data-[focus-visible]:ring-gold"
      >
        <span className="h-6 w-6 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
      </span>
      <span className="flex flex-col">
        <span className="font-medium text-ink">{label}</span>
        <span className="text-sm text-muted">{description}</span>
      </span>
    </Switch>
  );
}
