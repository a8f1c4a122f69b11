import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useId } from 'react';
import { Alert } from '../alert';
import { Button } from '../button';
import { FormField } from '../form-field';
import { inputClass } from '../text-field';
import { ApiRequestError } from '../../lib/api';

// Small pieces the back-office screens (services, employees, settings) share.

/** 'Activo' in sage, 'Inactivo' in grey: readable at a glance in a long table. */
export function ActiveBadge({ active, feminine = false }: { active: boolean; feminine?: boolean }) {
  const text = active ? (feminine ? 'Activa' : 'Activo') : feminine ? 'Inactiva' : 'Inactivo';
  const tone = active ? 'bg-sage-100 text-sage-800 border-sage/25' : 'bg-[#EEEBEA] text-[#5A5254] border-[#dcd6d4]';
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>
      <span className={`h-1.5 w-1.5 rounded-full ${active ? 'bg-sage' : 'bg-[#9a9093]'}`} aria-hidden />
      {text}
    </span>
  );
}

/** A white card with a serif heading: one group of a form. */
export function FormSection({
  title,
  description,
  children,
  className = '',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:p-7 ${className}`}
    >
      <h2 id={id} className="text-2xl">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A labelled native number input (SPEC §5 asks for min and step, which the browser keyboard honours). */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  step,
  suffix,
  error,
  name,
  description,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  min?: number;
  max?: number;
  step?: number | string;
  suffix?: string;
  error?: string | null;
  name: string;
  description?: string;
}) {
  return (
    <FormField label={label} description={description} error={error}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            name={name}
            type="number"
            inputMode={step === 1 || step === '1' ? 'numeric' : 'decimal'}
            min={min}
            max={max}
            step={step}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className={`${inputClass} tabular-nums ${suffix ? 'pr-14' : ''} aria-[invalid=true]:border-brick`}
          />
          {suffix && <span className="pointer-events-none absolute inset-y-0 right-4 flex items-center text-sm text-muted">{suffix}</span>}
        </div>
      )}
    </FormField>
  );
}

/**
 * A euro amount as Spanish readers write it ("65,50"; "65.5" is read too, by `eurosOf` in
 * lib/euro-input.ts). A text field with the decimal keyboard: a number field shows "65.00" whatever
 * the language. SPEC §5's minimum 0 and step 0.01 are the form's and the server's rule (whole cents).
 */
export function MoneyInput({ label, value, onChange, error, name, description }: { label: string; value: string; onChange: (v: string) => void; error?: string | null; name: string; description?: string }) {
  return (
    <FormField label={label} description={description} error={error}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            name={name}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className={`${inputClass} pr-14 tabular-nums aria-[invalid=true]:border-brick`}
          />
          <span className="pointer-events-none absolute inset-y-0 right-4 flex items-center text-sm text-muted">€</span>
        </div>
      )}
    </FormField>
  );
}

/** The server's Spanish reason for a refused request (4xx), else the screen's own failure text. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403)
    return err.message;
  return fallback;
}

/**
 * After a back-office change every cached list may be stale (the public services list, the
 * booking screen's professionals): mark them all stale; the session stays.
 */
export function useInvalidateAll() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' }), [qc]);
}

/** Header cell of the back-office tables. */
export function Th({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`px-4 py-3 text-left text-xs font-semibold tracking-wide text-muted uppercase ${className}`}>
      {children}
    </th>
  );
}

/** A compact row action, still a 44 px target. */
export function RowAction({
  children,
  onPress,
  tone = 'neutral',
  label,
}: {
  children: ReactNode;
  onPress: () => void;
  tone?: 'neutral' | 'danger';
  label: string;
}) {
  const colours = tone === 'danger' ? 'text-brick hover:bg-brick-100' : 'text-ink hover:bg-sand';
  return (
    <button
      type="button"
      onClick={onPress}
      aria-label={label}
      className={`inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors ${colours}`}
    >
      {children}
    </button>
  );
}

/** The end of a back-office form: its errors, then Cancelar and the save button. */
export function FormFooter({
  problems,
  pending,
  saveLabel,
  onCancel,
  className = '',
}: {
  problems: (string | null | undefined)[];
  pending: boolean;
  saveLabel: string;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <>
      {problems.filter(Boolean).map((p) => (
        <Alert key={p}>{p}</Alert>
      ))}
      <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`}>
        <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" isDisabled={pending} className="sm:min-w-44">
          {pending ? 'Guardando...' : saveLabel}
        </Button>
      </div>
    </>
  );
}
