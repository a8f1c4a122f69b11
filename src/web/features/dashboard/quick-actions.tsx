import { CalendarCheck, CalendarPlus, Scissors, UserPlus } from 'lucide-react';
import { ButtonLink } from '../../components/button';

/** The dashboard's shortcuts: a new appointment, the appointments, a new service, a new employee. */
export function QuickActions() {
  return (
    <section aria-labelledby="acciones-rapidas" className="lg:col-start-2 lg:row-start-2">
      <h2 id="acciones-rapidas" className="mb-3 text-2xl">
        Acciones rápidas
      </h2>
      <div className="grid gap-2.5">
        <ButtonLink href="/services">
          <CalendarPlus className="h-4.5 w-4.5" aria-hidden />
          Nueva Cita
        </ButtonLink>
        <ButtonLink href="/admin/appointments" variant="secondary">
          <CalendarCheck className="h-4.5 w-4.5" aria-hidden />
          Gestionar Citas
        </ButtonLink>
        <ButtonLink href="/admin/services" variant="secondary">
          <Scissors className="h-4.5 w-4.5" aria-hidden />
          Añadir Servicio
        </ButtonLink>
        <ButtonLink href="/admin/employees" variant="secondary">
          <UserPlus className="h-4.5 w-4.5" aria-hidden />
          Añadir Empleado
        </ButtonLink>
      </div>
    </section>
  );
}
