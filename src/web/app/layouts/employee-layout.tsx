import { CalendarDays, CalendarPlus, CalendarX, Gift, Ticket } from 'lucide-react';
import type { Role } from '../../../domain/roles';
import { useSession } from '../../api/session';
import { PortalShell } from './portal-shell';
import { SideNav } from './side-nav';

const ROLE_LABEL: Record<Role, string> = { admin: 'Administración', employee: 'Profesional', receptionist: 'Recepción', client: 'Cliente' };

/** Employee portal sidebar: Mi Agenda, Nueva Cita, who is signed in and Cerrar Sesión (SPEC §2). */
export function EmployeeLayout() {
  const { user } = useSession();
  return (
    <PortalShell
      nav={
        <SideNav
          label="Portal del profesional"
          items={[
            { to: '/employee/agenda', label: 'Mi Agenda', icon: CalendarDays },
            { to: '/services', label: 'Nueva Cita', icon: CalendarPlus },
            { to: '/employee/time-off', label: 'Mis ausencias', icon: CalendarX },
            // ADR 038: every staff member sells and looks up gift cards at the desk.
            { to: '/employee/gift-cards', label: 'Tarjetas regalo', icon: Gift },
            { to: '/employee/bonos', label: 'Bonos', icon: Ticket },
          ]}
        />
      }
      footer={
        user && (
          <div className="min-w-0">
            <p className="truncate font-medium text-ink">{user.displayName}</p>
            <p className="truncate text-muted">{user.email}</p>
            <p className="mt-1 inline-block rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-medium text-ink">{ROLE_LABEL[user.role]}</p>
          </div>
        )
      }
    />
  );
}
