import { BedSingle, CalendarCheck, CalendarDays, CalendarX, ChartColumn, Contact, FileSignature, Gift, LayoutDashboard, LockKeyhole, MessageCircle, Scissors, Settings, Ticket, Users, Wallet } from 'lucide-react';
import { useSession } from '../../api/session';
import { mayReach } from '../routes';
import { ButtonLink } from '../../components/button';
import { PortalShell } from './portal-shell';
import { SideNav } from './side-nav';

/**
 * Back-office side menu with the spec's labels, 'Citas', 'Cerrar Sesión' and 'Logueado como' (SPEC §2).
 * A receptionist gets the same menu with the desk's entries only (the pages her role reaches, ADR 063).
 */
export function AdminLayout() {
  const { user } = useSession();
  return (
    <PortalShell
      nav={
        <SideNav
          label="Administración"
          items={[
            { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
            // The owner's reports (ADR 042).
            { to: '/admin/informes', label: 'Informes', icon: ChartColumn },
            // The salon's day and the client records (docs/decisions/018-salon-day-view.md, 019-client-records.md).
            { to: '/admin/day', label: 'Agenda del salón', icon: CalendarDays },
            { to: '/admin/clients', label: 'Clientes', icon: Contact },
            // ADR 057: tomorrow's visits, each a one-tap WhatsApp reminder.
            { to: '/admin/reminders', label: 'Recordatorios de mañana', icon: MessageCircle },
            // The day's takings and the gift cards (ADR 038, 039).
            { to: '/admin/caja', label: 'Caja del día', icon: Wallet },
            // ADR 054: opening the day with its float, counting and closing.
            { to: '/admin/cierre-de-caja', label: 'Cierre de caja', icon: LockKeyhole },
            { to: '/admin/gift-cards', label: 'Tarjetas regalo', icon: Gift },
            { to: '/admin/services', label: 'Gestionar Servicios', icon: Scissors },
            // ADR 036: what a service needs besides a professional.
            { to: '/admin/resources', label: 'Cabinas y aparatos', icon: BedSingle },
            // ADR 037: the bono types; a bono is sold on the client's record.
            { to: '/admin/bonos', label: 'Bonos', icon: Ticket },
            { to: '/admin/employees', label: 'Gestionar Empleados', icon: Users },
            { to: '/admin/appointments', label: 'Ver Citas', icon: CalendarCheck },
            { to: '/admin/settings', label: 'Configuración Salón', icon: Settings },
            { to: '/admin/availability', label: 'Cierres y ausencias', icon: CalendarX },
            // The consent templates (ADR 041); signed documents are on each client's record.
            { to: '/admin/consentimientos', label: 'Consentimientos', icon: FileSignature },
          ].filter((item) => mayReach(user?.role, item.to))}
        />
      }
      extra={
        <ButtonLink href="/my-appointments" variant="secondary" className="lg:w-full">
          Citas
        </ButtonLink>
      }
      footer={
        <p className="truncate text-muted">
          Logueado como <span className="font-medium text-ink">{user?.email}</span>
        </p>
      }
    />
  );
}
