import type { ClientSummary } from '../../api/front-desk';
import { chevron, selectClass } from '../../components/select-class';
import { ClientPicker } from './client-picker';

// The parts the desk's sheets share ("Nueva cita", "Añadir a la lista de espera"): who the client
// is, and which service, written once so both read and behave the same.

export function ClientSection({ value, onChange }: { value: ClientSummary | null; onChange: (c: ClientSummary | null) => void }) {
  return (
    <section aria-label="Cliente">
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Cliente</h3>
      <ClientPicker value={value} onChange={onChange} />
    </section>
  );
}

type ServiceOption = { id: string; name: string; duration: number };

export function ServiceSelect({
  services,
  value,
  onChange,
}: {
  services: readonly ServiceOption[] | undefined;
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium">
      Servicio
      <select className={selectClass} style={chevron} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Elige un servicio</option>
        {(services ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({s.duration} min)
          </option>
        ))}
      </select>
    </label>
  );
}
