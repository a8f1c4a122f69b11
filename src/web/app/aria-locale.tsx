import type { ComponentType } from 'react';
import { I18nProvider } from 'react-aria-components';

// React Aria in Spanish, around each page, layout and lazy form that may show a React Aria
// component (app/router.tsx, app/guards.tsx), not around the whole app: this module is a chunk of
// its own, so a first view without React Aria (the public page, routes.ts' `reactAria: false`)
// never loads React Aria's i18n module, whose locale check (Intl's first call) is a long task on a
// phone (docs/decisions/109-first-views-without-intl.md).

/** `Page` under React Aria's Spanish locale. */
export function inSpanish<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  const InSpanish = (props: P) => (
    <I18nProvider locale="es-ES">
      <Page {...props} />
    </I18nProvider>
  );
  InSpanish.displayName = `InSpanish(${Page.displayName ?? Page.name})`;
  return InSpanish;
}
