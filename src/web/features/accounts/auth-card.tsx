import type { ReactNode } from 'react';
import { Link } from 'react-router';
import petals from '../../assets/images/petals.svg';
import { Wordmark } from '../../components/logo';

/** The frame of the sign-in pages: art on the left on wide screens, the form centred on phones. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[1.05fr_1fr]">
      <div className="relative hidden overflow-hidden lg:block">
        <img src={petals} alt="" className="absolute inset-0 h-full w-full object-cover" />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-[#2E2327]/70 to-transparent p-12 text-white">
          <p className="font-serif text-4xl leading-tight">Un momento para ti,
            <br />a un par de toques.</p>
          <p className="mt-3 max-w-sm text-white/90">Reserva tu tratamiento cuando quieras, con la profesional que prefieras.</p>
        </div>
      </div>
      <main id="contenido" className="flex min-h-dvh flex-col px-5 py-8 sm:px-10">
        <Link to="/login" className="self-start rounded-xl" aria-label="Auna">
          <Wordmark />
        </Link>
        {/* Top-aligned, a fixed share of the screen below the wordmark, never centred on its own
            height: a phone may paint the page before the browser has read all of its HTML, and a
            centred column then jumps up by half of what arrives (a layout shift of 0.105 on
            /login; docs/benchmarks.md, "Lighthouse"). */}
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col pt-[8dvh] pb-10 lg:pt-[12dvh]">
          <h1 className="text-4xl">{title}</h1>
          {subtitle && <p className="mt-2 text-muted">{subtitle}</p>}
          <div className="mt-8">{children}</div>
          {footer && <div className="mt-8 text-center text-sm text-muted">{footer}</div>}
        </div>
      </main>
    </div>
  );
}

export function Divider({ text }: { text: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wider text-muted" role="separator">
      <span className="h-px flex-1 bg-line" />
      {text}
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
