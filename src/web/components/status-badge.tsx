import { badgeTone, clientBadgeLabel, statusLabel } from '../../domain/appointment-status';

const TONES = {
  confirmed: 'bg-rose-50 text-rose-800 border-rose-100',
  completed: 'bg-sage-100 text-sage-800 border-sage/20',
  no_show: 'bg-amber-100 text-amber-800 border-amber-800/15',
  cancelled: 'bg-[#EEEBEA] text-[#5A5254] border-[#dcd6d4]',
  pending: 'bg-white text-muted border-dashed border-muted/60',
} as const;

/** Status colours of DESIGN.md; `audience` picks the client wording (SPEC §4) or the staff one. */
export function StatusBadge({ status, audience = 'staff' }: { status: string; audience?: 'client' | 'staff' }) {
  const tone = badgeTone(status);
  const label = audience === 'client' ? clientBadgeLabel(status) : statusLabel(status);
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}>{label}</span>;
}
