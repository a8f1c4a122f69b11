import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/** The module with React Aria's Spanish locale around its component, loaded beside it (app/aria-locale.tsx). */
export const withAriaLocale =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), import('./aria-locale')]).then(([m, { inSpanish }]) => ({ default: inSpanish(m.default) }));
