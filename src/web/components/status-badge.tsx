import { badgeTone, clientBadgeLabel, statusLabel, type BadgeTone } from '../../domain/appointment-status';

const TONES = {
  confirmed: 'bg-rose-50 text-rose-800 border-rose-100',
  completed: 'bg-sage-100 text-sage-800 border-sage/20',
  no_show: 'bg-amber-100 text-amber-800 border-amber-800/15',
  cancelled: 'bg-[#EEEBEA] text-[#5A5254] border-[#dcd6d4]',
  pending: 'bg-white text-muted border-dashed border-muted/60',
} as const;

/**
 * Status colours of DESIGN.md; `audience` picks the client wording (SPEC §4) or the staff one;
 * `as` says it otherwise (a past visit not yet closed on Mis Citas: docs/decisions/074).
 */
export function StatusBadge({ status, audience = 'staff', as }: { status: string; audience?: 'client' | 'staff'; as?: { label: string; tone: BadgeTone } | null }) {
  const tone = as?.tone ?? badgeTone(status);
  const label = as?.label ?? (audience === 'client' ? clientBadgeLabel(status) : statusLabel(status));
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}>{label}</span>;
}
