import type { ReactNode } from 'react';
import { formatEuros } from '../../lib/format';

// The close screen's small parts: a card, a figure's row, a difference said as the desk says it.

export function Card({ title, aside, children, testId }: { title: string; aside?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section
      aria-label={title}
      className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:p-6"
      data-testid={testId}
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-serif text-2xl">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** One figure: its label, and its amount on the right, in tabular digits. */
export function Figure({
  label,
  amount,
  sign,
  strong,
  testId,
}: {
  label: ReactNode;
  amount: number;
  sign?: '+' | '−';
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-1.5 ${strong ? 'border-t border-line pt-3 text-lg font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {sign && amount !== 0 ? `${sign} ` : ''}
        {formatEuros(amount)}
      </dd>
    </div>
  );
}

/** '+2,00 €' / '−2,00 €' / '0,00 €' with the sign a till's sheet writes. */
export const signedEuros = (amount: number) =>
  amount > 0 ? `+${formatEuros(amount)}` : amount < 0 ? `−${formatEuros(-amount)}` : formatEuros(0);

/** "Cuadra", "Sobran 2,00 €", "Faltan 2,00 €", in its colour. */
export function Difference({ amount }: { amount: number }) {
  if (amount === 0) return <span className="font-medium text-sage-800">Cuadra</span>;
  const label = amount > 0 ? `Sobran ${formatEuros(amount)}` : `Faltan ${formatEuros(-amount)}`;
  return <span className={`font-medium ${amount > 0 ? 'text-amber-800' : 'text-brick'}`}>{label}</span>;
}
