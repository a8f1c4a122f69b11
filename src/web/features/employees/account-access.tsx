import { EMPLOYEE_ACCOUNT_ROLES, type EmployeeAccountRole } from '../../../domain/roles';
import { ROLES_MSG } from '../../../domain/texts/roles';

const CHOICES: Record<EmployeeAccountRole, { label: string; help: string }> = {
  employee: { label: ROLES_MSG.accessProfessional, help: ROLES_MSG.accessProfessionalHelp },
  receptionist: { label: ROLES_MSG.accessReception, help: ROLES_MSG.accessReceptionHelp },
};

/**
 * "Acceso" (ADR 063): what the linked account works as, a professional or the desk. Native radios
 * (no library for two choices); the server refuses a desk that offers services, and says so.
 */
export function AccountAccess({ value, onChange }: { value: EmployeeAccountRole; onChange: (v: EmployeeAccountRole) => void }) {
  return (
    <fieldset className="mt-5">
      <legend className="text-sm font-medium text-ink">{ROLES_MSG.accessLabel}</legend>
      <div className="mt-2 space-y-2">
        {EMPLOYEE_ACCOUNT_ROLES.map((role) => (
          <label key={role} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line px-3 py-2 has-[:checked]:border-rose-700 has-[:checked]:bg-sand">
            <input type="radio" name="employee-access" value={role} checked={value === role} onChange={() => onChange(role)} className="mt-1 h-4 w-4 accent-rose-700" />
            <span>
              <span className="block text-sm font-medium text-ink">{CHOICES[role].label}</span>
              <span className="block text-sm text-muted">{CHOICES[role].help}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
