import { createElement, type ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/** The module with React Aria's Spanish locale around its component, loaded beside it (app/aria-locale.tsx). */
export const withAriaLocale =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), import('./aria-locale')]).then(([m, { inSpanish }]) => ({ default: inSpanish(m.default) }));

/** A code-split page whose chunk can be loaded ahead of rendering (see `lazyPage`). */
export type LazyPage = ComponentType & { load: () => Promise<void> };

/**
 * React.lazy, plus `load()`: once that promise has settled, the page renders at once instead of
 * suspending first. The server renders the first view only after loading its page
 * (entry-server.tsx), and the browser hydrates that markup only after loading the same chunk
 * (main.tsx): a page that suspended during hydration would replace the server's markup with its
 * fallback ('Cargando...') for a moment (docs/decisions/014-first-view-rendered-on-the-server.md).
 */
export function lazyPage(loader: Loader): LazyPage {
  let component: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const load = () =>
    (pending ??= loader().then(
      (m) => {
        component = m.default;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));
  const Page = ((props: object) => {
    if (failure) throw failure.error; // as React.lazy: the nearest error boundary shows it
    if (!component) throw load(); // Suspense shows its fallback until the chunk is here
    return createElement(component, props);
  }) as LazyPage;
  Page.load = load;
  return Page;
}
