import type { ReactNode } from 'react';

/** Errors in the danger colour, announced to screen readers; successes in sage (DESIGN.md). */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-brick/30 bg-brick-100 text-[#8a3a31]',
    success: 'border-sage/30 bg-sage-100 text-sage-800',
    info: 'border-gold/40 bg-gold-100 text-ink',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-2xl border px-4 py-3 text-sm leading-relaxed ${styles}`}>
      {children}
    </div>
  );
}
