import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiRequestError } from '../../lib/api';
import { STAFF_MSG } from '../../../domain/texts/staff';

/** Whether the server asked the staff to confirm giving the record to an account (409 attach_confirm, ADR 033). */
export const needsAttachConfirm = (err: unknown) => err instanceof ApiRequestError && err.code === 'attach_confirm';

/**
 * The confirmation the server asks for when saving a record would give it, and its history, to
 * the account with that verified email: the staff say it is the same person, then it is saved again.
 */
export function AttachConfirmDialog({
  isOpen,
  pending,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={STAFF_MSG.clientAttachConfirmTitle}
      confirmLabel={STAFF_MSG.clientAttachConfirmButton}
      cancelLabel="No, volver"
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{STAFF_MSG.clientAttachConfirm}</p>
    </ConfirmDialog>
  );
}
