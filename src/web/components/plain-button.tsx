import type { ReactNode } from 'react';
import { buttonClass, type Variant } from './button-class';

// A native button with Button's look (button-class.tsx), for a page whose first view has no other
// React Aria widget: the booking page draws its buttons with it, so that React Aria's Button (usePress,
// focus-visible and hover hooks, about 13 KB gzipped) stays off its first view (docs/benchmarks.md,
// front-end budget) and loads with the first chunk that needs it (the visit planner, the desk's choices).

/** What React Aria's `data-pressed` gives its Button, said with CSS's `:active` on a native one. */
const pressed: Record<Variant, string> = {
  primary: 'active:bg-rose-800',
  secondary: 'active:bg-sand',
  ghost: 'active:bg-sand',
  danger: 'active:bg-[#963d33]',
};

/**
 * A native <button> with Button's look and its `onPress`/`isDisabled` props, for a first view
 * rendered on the server: a tap before hydration is held and replayed as a click by boot.js.
 */
export function PlainButton({
  variant = 'primary',
  className,
  onPress,
  isDisabled,
  children,
}: {
  variant?: Variant;
  className?: string;
  onPress: () => void;
  isDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onPress}
      disabled={isDisabled}
      className={buttonClass(variant, `${pressed[variant]} ${className ?? ''}`)}
    >
      {children}
    </button>
  );
}
