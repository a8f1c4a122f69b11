import type { ComponentProps } from 'react';
import { Link } from 'react-router';

// The button's look without React Aria: button.tsx draws it on React Aria's Button, plain-button.tsx
// on a native one, and ButtonLink on a link. Its own module so that a page can have the look
// without React Aria's Button (about 13 KB gzipped: docs/benchmarks.md, front-end budget).

export type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-[0.95rem] font-medium transition-colors cursor-pointer select-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:cursor-not-allowed disabled:opacity-55 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-55';

const variants: Record<Variant, string> = {
  primary: 'bg-rose-700 text-white hover:bg-rose-800 data-[hovered]:bg-rose-800 data-[pressed]:bg-rose-800 shadow-soft',
  secondary: 'border border-line bg-white text-ink hover:bg-sand data-[hovered]:bg-sand',
  ghost: 'text-ink hover:bg-sand data-[hovered]:bg-sand',
  danger: 'bg-brick text-white hover:bg-[#963d33] data-[hovered]:bg-[#963d33]',
};

export function buttonClass(variant: Variant = 'primary', extra = '') {
  return `${base} ${variants[variant]} ${extra}`;
}

/**
 * A link drawn as a button: React Router's plain <a> (client-side navigation, real href), not
 * React Aria's Link, whose press and hover hooks cost every card of the services list time when
 * the first view hydrates (docs/decisions/014-first-view-rendered-on-the-server.md).
 */
export function ButtonLink({
  variant = 'primary',
  className,
  href,
  ...props
}: Omit<ComponentProps<typeof Link>, 'to' | 'className'> & { href: string; variant?: Variant; className?: string }) {
  return <Link {...props} to={href} className={buttonClass(variant, className ?? '')} />;
}
