import { LogOut, Menu, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link, Outlet, useNavigate } from 'react-router';
import { Wordmark } from '../../components/logo';
import { useSignOut } from '../../api/session';

type ShellParts = { nav: ReactNode; footer: ReactNode; extra?: ReactNode };

/**
 * Sidebar + content frame of the employee portal and the back office (ADR 067). From `lg` up the
 * sidebar is as tall as the window and scrolls by itself: the back office's menu is taller than a
 * laptop's window, and "Cerrar Sesión" must stay reachable. Below `lg` the same menu, footer and
 * "Cerrar Sesión" live in a drawer behind a "Menú" button (React Aria: focus trapped inside,
 * Escape and a tap outside close it, the button carries aria-expanded): a phone never gets a
 * sideways strip whose last entries are off-screen. The lists of entries are the layouts'.
 */
export function PortalShell(parts: ShellParts) {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[17rem_1fr]">
      <PhoneBar {...parts} />
      <aside className="hidden border-line bg-white/80 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:overflow-y-auto lg:border-r lg:px-5 lg:py-6">
        <div className="mb-8 flex items-center justify-between gap-3">
          <HomeLink />
        </div>
        <div className="flex-1">{parts.nav}</div>
        <ShellFooter {...parts} />
      </aside>
      <main id="contenido" className="min-w-0 px-4 py-6 sm:px-8 lg:py-10">
        <Outlet />
      </main>
    </div>
  );
}

function HomeLink() {
  return (
    <Link to="/" className="rounded-xl py-1" aria-label="Auna, inicio">
      <Wordmark />
    </Link>
  );
}

/** Below `lg`: the wordmark and the "Menú" button, the menu a drawer from the right. */
function PhoneBar(parts: ShellParts) {
  return (
    <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-line bg-white/90 px-4 py-2 backdrop-blur lg:hidden">
      <HomeLink />
      <DialogTrigger>
        <Button
          aria-label="Abrir menú"
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line bg-white px-3 text-sm font-medium text-ink outline-none hover:bg-sand data-[focus-visible]:ring-2 data-[focus-visible]:ring-rose-500"
        >
          <Menu className="h-5 w-5" aria-hidden />
          Menú
        </Button>
        <ModalOverlay isDismissable className="fixed inset-0 z-50 flex justify-end bg-ink/40 backdrop-blur-sm">
          <Modal className="h-dvh w-[min(20rem,88vw)] overflow-y-auto bg-ivory p-4 shadow-soft outline-none">
            <Dialog aria-label="Menú" className="flex min-h-full flex-col outline-none">
              {({ close }) => (
                <>
                  <div className="mb-4 flex items-center justify-between gap-3">
                    <Heading slot="title" className="font-serif text-2xl">
                      Menú
                    </Heading>
                    <Button
                      aria-label="Cerrar menú"
                      onPress={close}
                      className="grid h-11 w-11 cursor-pointer place-items-center rounded-xl text-muted outline-none hover:bg-sand data-[focus-visible]:ring-2 data-[focus-visible]:ring-rose-500"
                    >
                      <X className="h-5 w-5" aria-hidden />
                    </Button>
                  </div>
                  {/* Choosing an entry closes the drawer: the page it opens is what she asked for. */}
                  <div className="flex-1" onClick={(e) => (e.target as HTMLElement).closest('a') && close()}>
                    {parts.nav}
                  </div>
                  <ShellFooter {...parts} />
                </>
              )}
            </Dialog>
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
    </header>
  );
}

function ShellFooter({ footer, extra }: ShellParts) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <div className="mt-6 space-y-3 border-t border-line pt-5">
      {extra}
      <div className="min-w-0 text-sm">{footer}</div>
      <button
        type="button"
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 text-sm font-medium text-muted hover:bg-sand hover:text-ink"
        onClick={async () => {
          await signOut();
          navigate('/login', { replace: true });
        }}
      >
        <LogOut className="h-4 w-4" aria-hidden />
        Cerrar Sesión
      </button>
    </div>
  );
}
