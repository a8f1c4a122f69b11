import { TriangleAlert } from 'lucide-react';

// What the staff views say about an appointment's signed consent (issue 24, ADR 041): "Falta
// consentimiento" while one its service requires is not validly signed, and the contraindications
// the client answered yes, highlighted for her professional and the admin (the server sends them
// to no one else). The badge is one span: the day view draws many blocks and must stay light.

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
 * "Contraindicaciones": a warning box (amber-800 on amber-100: 5.7:1; the answers in ink, 12.8:1) with an icon, each answer on
 * its own line. Nothing when there are none.
 */
export function Contraindications({
  items,
  compact = false,
  className = '',
}: {
  items: readonly string[];
  compact?: boolean;
  className?: string;
}) {
  if (items.length === 0) return null;
  // A list's row: one line with the icon, the heading and the answers.
  if (compact)
    return (
      <p data-testid="contraindications" className={`flex gap-1.5 rounded-lg bg-amber-100 px-2 py-1 text-xs text-amber-800 ${className}`}>
        <TriangleAlert className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">Contraindicaciones:</span> <span className="text-ink">{items.join('; ')}</span>
        </span>
      </p>
    );
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
