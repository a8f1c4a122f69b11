import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

/**
 * An accessible confirmation (focus trapped, Escape closes). Used for cancelling, activating,
 * deactivating and the strong "cannot be undone" confirmation of permanent deletion.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Volver',
  tone = 'primary',
  pending = false,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!pending}
      className="fixed inset-0 z-50 flex items-end justify-center bg-ink/40 p-4 backdrop-blur-sm sm:items-center"
    >
      <Modal className="w-full max-w-md rounded-[var(--radius-card)] bg-white p-6 shadow-soft">
        <Dialog role="alertdialog" className="outline-none">
          <Heading slot="title" className="font-serif text-2xl">
            {title}
          </Heading>
          {children && <div className="mt-3 text-muted">{children}</div>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onPress={onClose} isDisabled={pending}>
              {cancelLabel}
            </Button>
            <Button variant={tone} onPress={onConfirm} isDisabled={pending} autoFocus>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
