import { TriangleAlert } from 'lucide-react';

// What the staff views say about an appointment's signed consent (ADR 041, 051): "Falta
// consentimiento" while one its service requires is not validly signed; "Contraindicaciones: ver
// consentimiento" when her answers hold one (the answers themselves only after a logged read, in the
// box below). The badge is one span: the day view draws many blocks and must stay light.

/** The badge; `compact`: in a day view's block, in the flow right under the name (never over it). */
export function ConsentMissingBadge({ compact = false }: { compact?: boolean }) {
  return (
    <span
      data-testid="consent-missing"
      className={`inline-flex items-center rounded-full border border-amber-800/30 bg-amber-100 font-semibold whitespace-nowrap text-amber-800 ${compact ? 'mt-0.5 self-start px-1.5 text-[0.65rem] leading-4' : 'px-2.5 py-0.5 text-xs'}`}
    >
      Falta consentimiento
    </span>
  );
}

/**
 * "Contraindicaciones: ver consentimiento" (ADR 051): what the agenda, the day view and the lists
 * say, never the answers themselves; those are behind "Ver consentimiento", a read the server logs.
 */
export function ContraindicationsFlag({ compact = false, className = '' }: { compact?: boolean; className?: string }) {
  return (
    <p
      data-testid="contraindications-flag"
      className={`flex w-fit gap-1.5 rounded-lg bg-amber-100 text-amber-800 ${compact ? 'px-2 py-1 text-xs' : 'px-3 py-1.5 text-sm'} ${className}`}
    >
      <TriangleAlert className={`mt-0.5 shrink-0 ${compact ? 'h-3.5 w-3.5' : 'h-4 w-4'}`} aria-hidden />
      <span>
        <span className="font-semibold">Contraindicaciones:</span> ver consentimiento
      </span>
    </p>
  );
}

/**
 * "Contraindicaciones": a warning box (amber-800 on amber-100: 5.7:1; the answers in ink, 12.8:1) with an icon, each answer on
 * its own line, inside a document read on demand. Nothing when there are none.
 */
export function Contraindications({ items, className = '' }: { items: readonly string[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <section
      aria-label="Contraindicaciones"
      data-testid="contraindications"
      className={`rounded-xl border border-amber-800/40 bg-amber-100 px-3 py-2 text-sm text-amber-800 ${className}`}
    >
      <h4 className="flex items-center gap-1.5 font-semibold">
        <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden />
        Contraindicaciones
      </h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-6 text-ink">
        {items.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </section>
  );
}
