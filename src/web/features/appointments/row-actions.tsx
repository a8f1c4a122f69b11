import { ChevronDown } from 'lucide-react';
import { Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Button as AriaButton } from 'react-aria-components';
import type { AdminAction, AdminAppointment } from '../../api/appointments';
import { formatTime } from '../../lib/format';
import { tableDate } from './table-date';

/** A confirmed row's status change (docs/decisions/006-admin-status-changes.md): 'Cambiar' opens the three the admin may mark. */
export function RowActions({ a, onAction }: { a: AdminAppointment; onAction: (a: AdminAppointment, to: AdminAction) => void }) {
  return (
    <MenuTrigger>
      <AriaButton
        aria-label={`Cambiar estado de la cita de ${a.clientName}, ${tableDate.format(a.startTime)} a las ${formatTime(a.startTime)}`}
        className="inline-flex min-h-11 w-full cursor-pointer items-center justify-center gap-1.5 rounded-full border border-line bg-white px-4 text-sm font-medium text-ink transition-colors outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold data-[hovered]:bg-sand data-[pressed]:bg-sand xl:min-h-9 xl:w-auto xl:px-3"
      >
        <span>
          Cambiar<span className="xl:hidden"> estado</span>
        </span>
        <ChevronDown className="h-4 w-4" aria-hidden />
      </AriaButton>
      <Popover placement="bottom end" className="min-w-56 rounded-2xl border border-line bg-white p-1.5 shadow-soft outline-none">
        <Menu aria-label="Cambiar estado" onAction={(key) => onAction(a, key as AdminAction)} className="outline-none">
          <MenuSection>
            <Header className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">Marcar como</Header>
            <MenuItem id="completed" className={`${menuItem} text-ink`}>
              Completada
            </MenuItem>
            <MenuItem id="no_show" className={`${menuItem} text-ink`}>
              No asistió
            </MenuItem>
            <MenuItem id="cancelled_by_salon" className={`${menuItem} text-brick data-[focused]:text-[#8a3a31]`}>
              Cancelada por el salón…
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

const menuItem = 'flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-[0.95rem] outline-none data-[focused]:bg-sand';
