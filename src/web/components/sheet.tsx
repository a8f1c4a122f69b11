import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/**
 * A dialog for a form or details (the front desk's new appointment and appointment details, moving an appointment):
 * a bottom sheet on a phone, a centred card from sm up; focus trapped, Escape closes.
 */
export function Sheet({ isOpen, title, onClose, children, wide = false }: { isOpen: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-ink/40 p-2 backdrop-blur-sm sm:items-center sm:p-4"
    >
      <Modal className={`max-h-[92dvh] w-full overflow-y-auto rounded-[var(--radius-card)] bg-white p-5 shadow-soft sm:p-6 ${wide ? 'max-w-2xl' : 'max-w-lg'}`}>
        <Dialog className="outline-none">
          <div className="flex items-start justify-between gap-3">
            <Heading slot="title" className="font-serif text-2xl">
              {title}
            </Heading>
            <button type="button" onClick={onClose} aria-label="Cerrar" className="grid h-11 w-11 shrink-0 cursor-pointer place-items-center rounded-xl text-muted hover:bg-sand">
              <X className="h-5 w-5" aria-hidden />
            </button>
          </div>
          <div className="mt-4">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
