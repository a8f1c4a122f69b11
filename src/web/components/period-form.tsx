import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { FormField } from './form-field';
import { DateFilter } from './lazy-date-filter';
import { inputClass, TextField } from './text-field';
import { STAFF_MSG } from '../../domain/texts/staff';

// The date range / part of the day / reason form of closures, special hours and time off
// (ADR 023), shared by the back office, the employee's own time off and a cabin or machine's
// time out of service (ADR 036).

type Field = 'endDate' | 'endTime' | 'reason';
// Which field the server's refusal belongs to, so the text shows beside it (DESIGN.md: errors next to the cause).
const FIELD_OF: Readonly<Record<string, Field>> = {
  [STAFF_MSG.exceptionDatesInvalid]: 'endDate',
  [STAFF_MSG.exceptionRangeTooLong]: 'endDate',
  [STAFF_MSG.exceptionTimesInvalid]: 'endTime',
  [STAFF_MSG.exceptionReasonRequired]: 'reason',
};

export type Period = { startDate: string; endDate: string; startTime: string | null; endTime: string | null; reason: string };

/** A required native time input (every 5 minutes), on FormField; the dates are the Spanish date field. */
function TimeField({ label, value, error, onChange }: { label: string; value: string; error?: string | null; onChange: (v: string) => void }) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="time"
          step={300}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} aria-[invalid=true]:border-brick`}
        />
      )}
    </FormField>
  );
}

/**
 * `times`: 'optional' (whole days unless "Solo unas horas" is ticked: time off), 'required'
 * (special hours), 'none' (closures). `before` renders extra fields first (the professional).
 */
export function PeriodForm({
  label,
  times,
  reasonLabel,
  submitLabel,
  defaultDate,
  pending,
  error,
  before,
  onSubmit,
}: {
  label: string;
  times: 'optional' | 'required' | 'none';
  reasonLabel: string;
  submitLabel: string;
  defaultDate: string;
  pending: boolean;
  error: string | null;
  before?: ReactNode;
  onSubmit: (p: Period) => void;
}) {
  const [startDate, setStartDate] = useState(defaultDate);
  const [endDate, setEndDate] = useState(defaultDate);
  const [partDay, setPartDay] = useState(times === 'required');
  const [startTime, setStartTime] = useState(times === 'required' ? '09:00' : '15:00');
  const [endTime, setEndTime] = useState(times === 'required' ? '21:00' : '20:00');
  const [reason, setReason] = useState('');
  const withTimes = times === 'required' || (times === 'optional' && partDay);
  const field = error ? FIELD_OF[error] : undefined;
  const errorAt = (f: Field) => (field === f ? error : null);

  /** A start after the end moves the end with it. */
  function changeStart(date: string) {
    setStartDate(date);
    if (endDate < date) setEndDate(date);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit({
      startDate,
      endDate: endDate || startDate,
      startTime: withTimes ? startTime : null,
      endTime: withTimes ? endTime : null,
      reason: reason.trim(),
    });
  }

  return (
    <form onSubmit={submit} aria-label={label} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {before}
        <DateFilter label="Desde" value={startDate} onChange={changeStart} />
        <DateFilter label="Hasta (incluido)" value={endDate} min={startDate} error={errorAt('endDate')} onChange={setEndDate} />
        {times === 'optional' && (
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink sm:col-span-2">
            <input type="checkbox" checked={partDay} onChange={(e) => setPartDay(e.target.checked)} className="h-5 w-5 accent-rose-700" />
            Solo unas horas de cada día
          </label>
        )}
        {withTimes && (
          <>
            <TimeField
              label={times === 'required' ? 'Abre a las' : 'Desde las'}
              value={startTime}
              onChange={setStartTime}
            />
            <TimeField
              label={times === 'required' ? 'Cierra a las' : 'Hasta las'}
              value={endTime}
              error={errorAt('endTime')}
              onChange={setEndTime}
            />
          </>
        )}
        <TextField
          label={reasonLabel}
          value={reason}
          onChange={setReason}
          maxLength={200}
          className="sm:col-span-2"
          validationBehavior="aria"
          validate={() => errorAt('reason')}
        />
      </div>
      {error && !field && <Alert>{error}</Alert>}
      <Button type="submit" isDisabled={pending}>
        {pending ? 'Guardando...' : submitLabel}
      </Button>
    </form>
  );
}

/** Time off (whole days, or some hours of each day), as the admin adds it and as an employee adds her own. */
export function TimeOffForm(props: {
  defaultDate: string;
  pending: boolean;
  error: string | null;
  before?: ReactNode;
  onSubmit: (p: Period) => void;
}) {
  return (
    <PeriodForm
      label="Añadir ausencia"
      times="optional"
      reasonLabel="Motivo (opcional, solo para el personal)"
      submitLabel="Añadir ausencia"
      {...props}
    />
  );
}
