import { DateFilter } from './lazy-date-filter';
import { chevron, selectClass } from './select-class';

// Choosing a professional and a day, as the staff's screens and Mis Citas' "Cambiar hora" do
// (components/reschedule-form.tsx, the front desk's new appointment and day view). The booking
// page keeps its own (features/booking/book-page.tsx): a server-rendered first view with its own
// markup, a placeholder option and a guard for the choice public/boot.js replays at hydration.

type Pro = { id: string; name: string };

/** A labelled select of professionals; '—' while there is none to choose. `hideLabel`: the name stays for screen readers only. */
export function ProfessionalSelect({
  professionals,
  value,
  onChange,
  isDisabled,
  hideLabel,
  className = '',
}: {
  professionals: readonly Pro[];
  value: string;
  onChange: (professionalId: string) => void;
  isDisabled?: boolean;
  hideLabel?: boolean;
  className?: string;
}) {
  return (
    <label className={`${hideLabel ? 'flex items-center gap-2' : 'flex flex-col gap-1.5'} text-sm font-medium ${className}`}>
      {hideLabel ? <span className="sr-only">Profesional</span> : 'Profesional'}
      <select className={selectClass} style={chevron} value={value} onChange={(e) => onChange(e.target.value)} disabled={isDisabled}>
        {professionals.length === 0 && <option value="">—</option>}
        {professionals.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The Spanish date field labelled "Día": `onChange` gets a whole salon day ('YYYY-MM-DD'), never one before `min`. */
export function DayField({ value, onChange, min, hideLabel, className = '' }: { value: string; onChange: (date: string) => void; min?: string; hideLabel?: boolean; className?: string }) {
  return (
    <div className={className}>
      <DateFilter label="Día" value={value} onChange={onChange} min={min} hideLabel={hideLabel} />
    </div>
  );
}

/**
 * The professional (when there is a choice: `professionals.length > 1`, or always with
 * `alwaysShowProfessional`) and the day, side by side in the caller's grid or one under the other.
 */
export function ProfessionalDayPicker({
  professionals,
  professionalId,
  onProfessional,
  date,
  onDate,
  minDate,
  alwaysShowProfessional,
  isProfessionalDisabled,
}: {
  professionals: readonly Pro[];
  professionalId: string;
  onProfessional: (professionalId: string) => void;
  date: string;
  onDate: (date: string) => void;
  minDate?: string;
  alwaysShowProfessional?: boolean;
  isProfessionalDisabled?: boolean;
}) {
  return (
    <>
      {(alwaysShowProfessional || professionals.length > 1) && (
        <ProfessionalSelect professionals={professionals} value={professionalId} onChange={onProfessional} isDisabled={isProfessionalDisabled} />
      )}
      <DayField value={date} onChange={onDate} min={minDate} />
    </>
  );
}
