import { categoryLabel } from '../../../domain/service-category';
import type { AdminService } from '../../api/services-admin';

/**
 * SPEC §5 Employee form: the ACTIVE services as checkboxes. Inactive services the employee
 * already offers stay assigned (hidden from the choice, but not silently dropped by a save):
 * reactivating the service brings them back as they were.
 */
export function OfferedServices({
  services,
  offered,
  onChange,
}: {
  services: AdminService[];
  offered: Set<string>;
  onChange: (next: Set<string>) => void;
}) {
  const activeServices = services.filter((s) => s.isActive);
  const keptInactive = services.filter((s) => !s.isActive && offered.has(s.id));
  return (
    <>
      {activeServices.length === 0 ? (
        <p className="text-sm text-muted">No hay servicios activos todavía.</p>
      ) : (
        <ul className="grid gap-x-4 sm:grid-cols-2">
          {activeServices.map((s) => (
            <li key={s.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-sand/60">
                <input
                  type="checkbox"
                  className="h-5 w-5 shrink-0 cursor-pointer accent-rose-700"
                  checked={offered.has(s.id)}
                  onChange={(e) => {
                    const next = new Set(offered);
                    if (e.target.checked) next.add(s.id);
                    else next.delete(s.id);
                    onChange(next);
                  }}
                />
                <span className="min-w-0 text-sm">
                  {s.name}
                  <span className="block text-xs text-muted">
                    {categoryLabel(s.category)} · {s.duration} min
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {keptInactive.length > 0 && (
        <p className="mt-3 text-xs text-muted">
          También tiene asignados servicios desactivados, que se conservan: {keptInactive.map((s) => s.name).join(', ')}.
        </p>
      )}
    </>
  );
}
