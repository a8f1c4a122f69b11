import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { FormField } from './form-field';
import { inputClass } from './text-field';

// The date range / part of the day / reason form of closures, special hours and time off
// (ADR 023), shared by the back office and the employee's own time off.

export type Period = { startDate: string; endDate: string; startTime: string | null; endTime: string | null; reason: string };

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
        <FormField label="Desde">
          {(control) => (
            <input
              {...control}
              type="date"
              required
              value={startDate}
              onChange={(e) => {
                setStartDate(e.target.value);
                if (endDate < e.target.value) setEndDate(e.target.value);
              }}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label="Hasta (incluido)">
          {(control) => (
            <input
              {...control}
              type="date"
              required
              value={endDate}
              min={startDate}
              onChange={(e) => setEndDate(e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        {times === 'optional' && (
          <label className="flex min-h-11 items-center gap-2 text-sm text-ink sm:col-span-2">
            <input type="checkbox" checked={partDay} onChange={(e) => setPartDay(e.target.checked)} className="h-5 w-5 accent-rose-700" />
            Solo unas horas de cada día
          </label>
        )}
        {withTimes && (
          <>
            <FormField label={times === 'required' ? 'Abre a las' : 'Desde las'}>
              {(control) => (
                <input
                  {...control}
                  type="time"
                  step={300}
                  required
                  value={startTime}
                  onChange={(e) => setStartTime(e.target.value)}
                  className={inputClass}
                />
              )}
            </FormField>
            <FormField label={times === 'required' ? 'Cierra a las' : 'Hasta las'}>
              {(control) => (
                <input
                  {...control}
                  type="time"
                  step={300}
                  required
                  value={endTime}
                  onChange={(e) => setEndTime(e.target.value)}
                  className={inputClass}
                />
              )}
            </FormField>
          </>
        )}
        <div className="sm:col-span-2">
          <FormField label={reasonLabel}>
            {(control) => (
              <input
                {...control}
                type="text"
                maxLength={200}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className={inputClass}
              />
            )}
          </FormField>
        </div>
      </div>
      {error && <Alert>{error}</Alert>}
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
