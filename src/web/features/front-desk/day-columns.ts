import type { DayAbsence, DayAppointment, DayProfessional, SalonDay } from '../../api/front-desk';
import type { GridColumn } from './day-grid';
import { appointmentsByResource, offStretches, type DayHours } from './day-layout';

// The day view's columns (ADR 018, 036, 045): one per professional with her off hours, or one per
// cabin and machine; each with its time off, blocks and maintenance and the appointments in it.

function grouped<T>(items: readonly T[], keyOf: (t: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const list = out.get(key);
    if (list) list.push(item);
    else out.set(key, [item]);
  }
  return out;
}

const NONE: never[] = [];

export function gridColumns(
  data: SalonDay | undefined,
  professionals: DayProfessional[],
  hours: DayHours,
  byResource: boolean,
): GridColumn[] {
  const absences: DayAbsence[] = data?.absences ?? [];
  if (byResource) {
    const resources = data?.resources ?? [];
    const held = appointmentsByResource(resources, data?.appointments ?? []);
    const off = grouped(absences, (x) => x.resourceId);
    return resources.map((r) => ({
      id: r.id,
      name: r.name,
      resourceId: r.id,
      off: NONE,
      absences: off.get(r.id) ?? NONE,
      appointments: held.get(r.id) ?? NONE,
    }));
  }
  const byPro = grouped<DayAppointment>(data?.appointments ?? [], (a) => a.employeeId);
  const off = grouped(absences, (x) => x.professionalId);
  return professionals.map((p) => ({
    id: p.id,
    name: p.name,
    professionalId: p.id,
    off: offStretches(hours, p.day),
    absences: off.get(p.id) ?? NONE,
    appointments: byPro.get(p.userId ?? '') ?? NONE,
  }));
}
