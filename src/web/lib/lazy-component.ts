import { createElement, type ComponentType } from 'react';

/** A code-split page (or part of one) whose chunk can be loaded ahead of rendering (see `lazyComponent`). */
export type LazyComponent<P extends object = object> = ComponentType<P> & { load: () => Promise<void>; loaded: () => boolean };

/**
 * React.lazy, plus `load()`: once that promise has settled, the page (or part) renders at once
 * instead of suspending first; `loaded()` says whether it has. The server renders the first view
 * only after loading its page and parts (entry-server.tsx), and the browser hydrates that markup
 * only after loading the same chunks (main.tsx): a page that suspended during hydration would
 * replace the server's markup with its fallback ('Cargando...') for a moment
 * (docs/decisions/014-first-view-rendered-on-the-server.md).
 */
export function lazyComponent<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let component: ComponentType<P> | undefined;
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
  const Lazy = ((props: P) => {
    if (failure) throw failure.error; // as React.lazy: the nearest error boundary shows it
    if (!component) throw load(); // Suspense shows its fallback until the chunk is here
    return createElement(component, props);
  }) as LazyComponent<P>;
  Lazy.load = load;
  /** The chunk is here (or failed): the component renders (or throws) without suspending. */
  Lazy.loaded = () => component !== undefined || failure !== undefined;
  return Lazy;
}
