import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

export type SideItem = { to: string; label: string; icon: LucideIcon };

/** The side menu shared by the employee portal and the back office: a column, in the sidebar on desktop and in the drawer on phones (portal-shell.tsx). */
export function SideNav({ items, label }: { items: SideItem[]; label: string }) {
  return (
    <nav aria-label={label} className="flex flex-col gap-1">
      {items.map(({ to, label: text, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            `flex min-h-11 shrink-0 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors ${
              isActive ? 'bg-rose-700 text-white shadow-soft' : 'text-ink hover:bg-sand'
            }`
          }
        >
          <Icon className="h-4.5 w-4.5" aria-hidden />
          {text}
        </NavLink>
      ))}
    </nav>
  );
}
