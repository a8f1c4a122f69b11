import { useMutation, useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { settingsFieldsError } from '../../../domain/back-office-rules';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { isReminderHours } from '../../../domain/notification-rules';
import { SLOT_INTERVAL_OPTIONS } from '../../../domain/slots';
import { describeScheduleError, fromMinutes, validateWeeklySchedule, type WeeklySchedule } from '../../../domain/weekly-schedule';
import { Alert } from '../../components/alert';
import { CalendarFeedCard } from '../../components/calendar-feed-card';
import { Button } from '../../components/button';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { chevron, ScheduleEditor, selectClass } from '../../components/schedule-editor';
import { TextField } from '../../components/text-field';
import { isValidCap, isValidHorizon } from '../../../domain/booking-limits';
import { formatDateLong, formatTime } from '../../lib/format';
import { failureText, FormSection, NumberInput, useInvalidateAll } from '../../components/admin/admin-ui';
import { saveSettings, settingsQuery, type SalonSettingsAnswer } from '../../api/settings';
import { calendarFeedQuery, createCalendarFeed, failedMessagesQuery } from '../../api/notifications';

/** SPEC §8/§9: the success message disappears after 3 seconds. */
const SAVED_MESSAGE_MS = 3000;

type Field = 'name' | 'interval' | 'hours' | 'reminder' | 'cap' | 'horizon';
const FIELD_OF: Record<string, Field> = {
  [MSG.salonNameRequired]: 'name',
  [MSG.slotIntervalInvalid]: 'interval',
  [MSG.cancellationHoursInvalid]: 'hours',
  [STAFF_MSG.reminderHoursInvalid]: 'reminder',
  [STAFF_MSG.bookingCapInvalid]: 'cap',
  [STAFF_MSG.bookingHorizonInvalid]: 'horizon',
};

/** 'No se pudo guardar la configuración.', followed by the server's reason when it gave one. */
function saveFailure(err: unknown): string {
  const reason = failureText(err, MSG.settingsSaveFailed);
  return reason === MSG.settingsSaveFailed ? reason : `${MSG.settingsSaveFailed} ${reason}`;
}

/** SPEC §2 Salon settings: general information, appointment rules, opening hours, save. */
export default function SettingsPage() {
  const settings = useQuery(settingsQuery());

  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader title="Configuración Salón" subtitle="Los datos del salón y las reglas con las que se reservan las citas." />
      {settings.isPending ? (
        <InlineLoading text="Cargando configuración..." />
      ) : settings.isError ? (
        <div className="space-y-3">
          <Alert>{MSG.settingsLoadFailed}</Alert>
          <Button variant="secondary" onPress={() => settings.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : (
        <>
          <SettingsForm initial={settings.data} />
          <FailedMessages />
          <CalendarFeedCard feed={calendarFeedQuery()} create={createCalendarFeed} />
        </>
      )}
    </section>
  );
}

function SettingsForm({ initial }: { initial: SalonSettingsAnswer }) {
  const invalidate = useInvalidateAll();
  const [name, setName] = useState(initial.name);
  const [address, setAddress] = useState(initial.address);
  const [phone, setPhone] = useState(initial.phoneNumber);
  const [slotInterval, setSlotInterval] = useState<number>(initial.appointmentTimeSlotInterval);
  const [hours, setHours] = useState(String(initial.cancellationPolicyHours));
  const [reminderHours, setReminderHours] = useState(String(initial.reminderHours));
  // issue 16 (ADR 025): what a client may book for themselves.
  const [cap, setCap] = useState(String(initial.maxFutureAppointmentsPerClient));
  const [horizon, setHorizon] = useState(String(initial.bookingHorizonDays));
  const [openingHours, setOpeningHours] = useState<WeeklySchedule>(initial.openingHours);
  const [invalid, setInvalid] = useState<{ field: Field | null; message: string } | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(initial.updatedAt);
  const [showSaved, setShowSaved] = useState(false);

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
    const input = {
      name: name.trim(),
      address: address.trim(),
      phoneNumber: phone.trim(),
      appointmentTimeSlotInterval: slotInterval,
      cancellationPolicyHours: hours.trim() === '' ? Number.NaN : Number(hours),
      openingHours,
      maxFutureAppointmentsPerClient: cap.trim() === '' ? Number.NaN : Number(cap),
      bookingHorizonDays: horizon.trim() === '' ? Number.NaN : Number(horizon),
    };
    const reminder = reminderHours.trim() === '' ? Number.NaN : Number(reminderHours);
    const problem =
      settingsFieldsError(input) ??
      (!isReminderHours(reminder)
        ? STAFF_MSG.reminderHoursInvalid
        : !isValidCap(input.maxFutureAppointmentsPerClient)
          ? STAFF_MSG.bookingCapInvalid
          : !isValidHorizon(input.bookingHorizonDays)
            ? STAFF_MSG.bookingHorizonInvalid
            : null);
    if (problem) {
      const field = FIELD_OF[problem] ?? null;
      setInvalid({ field, message: problem });
      return;
    }
    const scheduleProblem = validateWeeklySchedule(openingHours);
    if (scheduleProblem) return setInvalid({ field: null, message: describeScheduleError(scheduleProblem) });
    setInvalid(null);
    save.mutate({ ...input, reminderHours: reminder });
  }

  const fieldError = (f: Field) => (invalid?.field === f ? invalid.message : null);

  return (
    <form onSubmit={submit} noValidate aria-label="Configuración del salón" className="space-y-6">
      <FormSection title="Información general" description="Cómo se presenta el salón a sus clientes.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Nombre del salón"
            name="salon-name"
            value={name}
            onChange={(v) => {
              setName(v);
              if (invalid?.field === 'name') setInvalid(null);
            }}
            isRequired
            validationBehavior="aria"
            validate={() => fieldError('name')}
            className="sm:col-span-2"
          />
          <TextField label="Dirección" name="salon-address" value={address} onChange={setAddress} />
          <TextField label="Teléfono" name="salon-phone" type="tel" value={phone} onChange={setPhone} />
        </div>
      </FormSection>

      <FormSection title="Reglas de citas" description="Se aplican a todas las reservas nuevas.">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="slot-interval" className="text-sm font-medium text-ink">
              Intervalo entre citas
            </label>
            <select
              id="slot-interval"
              name="slot-interval"
              value={slotInterval}
              onChange={(e) => setSlotInterval(Number(e.target.value))}
              className={`${selectClass} pl-4`}
              style={chevron}
              aria-describedby="slot-interval-desc"
            >
              {SLOT_INTERVAL_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n} minutos
                </option>
              ))}
            </select>
            <p id="slot-interval-desc" className="text-xs text-muted">
              Cada cuánto se ofrece una hora al reservar: 09:00, {fromMinutes(9 * 60 + slotInterval)},{' '}
              {fromMinutes(9 * 60 + 2 * slotInterval)}…
            </p>
            {fieldError('interval') && <p className="text-sm text-brick">{fieldError('interval')}</p>}
          </div>
          <NumberInput
            label="Antelación mínima para cancelar"
            name="cancellation-hours"
            value={hours}
            onChange={(v) => {
              setHours(v);
              if (invalid?.field === 'hours') setInvalid(null);
            }}
            min={0}
            step={1}
            suffix="horas"
            error={fieldError('hours')}
            description="Los clientes no pueden cancelar con menos horas de antelación. 0: siempre pueden."
          />
          <NumberInput
            label={STAFF_MSG.reminderHoursLabel}
            name="reminder-hours"
            value={reminderHours}
            onChange={(v) => {
              setReminderHours(v);
              if (invalid?.field === 'reminder') setInvalid(null);
            }}
            min={0}
            step={1}
            suffix="horas"
            error={fieldError('reminder')}
            description="El email de recordatorio sale estas horas antes de la cita. No se envía para citas reservadas con menos antelación."
          />
          <NumberInput
            label="Reservas con hasta"
            name="booking-horizon"
            value={horizon}
            onChange={(v) => {
              setHorizon(v);
              if (invalid?.field === 'horizon') setInvalid(null);
            }}
            min={1}
            step={1}
            suffix="días de antelación"
            error={fieldError('horizon')}
            description="Los clientes no pueden reservar más allá de esta fecha (entre 1 y 730 días)."
          />
          <NumberInput
            label="Citas pendientes por cliente"
            name="booking-cap"
            value={cap}
            onChange={(v) => {
              setCap(v);
              if (invalid?.field === 'cap') setInvalid(null);
            }}
            min={1}
            step={1}
            suffix="como máximo"
            error={fieldError('cap')}
            description="Citas confirmadas que un cliente puede tener por delante a la vez (entre 1 y 50). Las que reserva el salón no cuentan."
          />
        </div>
      </FormSection>

      <FormSection title="Horario general de apertura" description="Los días y horas en que abre el salón.">
        <ScheduleEditor value={openingHours} onChange={setOpeningHours} label="Horario general de apertura" offLabel="Cerrado" />
      </FormSection>

      <div>
        <div className="space-y-3">
          {invalid && <Alert>{invalid.message}</Alert>}
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
      </div>
    </form>
  );
}

const KIND_TEXT: Record<string, string> = {
  confirmation: 'Confirmación',
  cancellation: 'Cancelación',
  rescheduled: 'Cambio de hora',
  reminder: 'Recordatorio',
};

/** issue 14: messages the queue keeps retrying (SMTP down, a mailbox refusing), for the admin to act on. */
function FailedMessages() {
  const failed = useQuery({ ...failedMessagesQuery(), refetchInterval: 60_000 });
  return (
    <section aria-labelledby="failed-messages-title" className="mt-8 rounded-[var(--radius-card)] bg-white p-5 shadow-soft">
      <h2 id="failed-messages-title" className="font-serif text-xl text-ink">
        {STAFF_MSG.failedMessagesTitle}
      </h2>
      {failed.isPending ? (
        <InlineLoading text="Cargando..." />
      ) : failed.isError ? (
        <Alert>{failureText(failed.error, MSG.settingsLoadFailed)}</Alert>
      ) : failed.data.messages.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{STAFF_MSG.failedMessagesNone}</p>
      ) : (
        <ul className="mt-3 divide-y divide-rose-100">
          {failed.data.messages.map((m) => (
            <li key={m.key} className="py-2 text-sm">
              <p className="text-ink">
                {KIND_TEXT[m.kind] ?? m.kind} ({m.recipient === 'client' ? 'cliente' : 'profesional'}) · {m.attempts} de {m.maxAttempts}{' '}
                intentos · próximo intento {formatDateLong(m.nextAttempt)} a las {formatTime(m.nextAttempt)}
              </p>
              <p className="break-all text-xs text-muted">{m.lastError}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
