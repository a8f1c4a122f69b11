import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureText, RowAction } from '../../components/admin/admin-ui';
import { revokeEmployeeAccess, type AdminEmployee } from '../../api/employees';
import { STAFF_MSG } from '../../../domain/texts/staff';

/**
 * "Quitar acceso ahora" (ADR 032): for a lost phone or a shared password, the admin ends every
 * session of the employee's account and her calendar feed at once, without deactivating her.
 * `ask` opens the confirmation for one employee; `dialog` goes once in the page.
 */
export function useRevokeAccess() {
  const [target, setTarget] = useState<AdminEmployee | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => revokeEmployeeAccess(id),
    onSuccess: () => {
      toast.success(STAFF_MSG.revokeAccessDone);
      setTarget(null);
    },
    onError: (err) => toast.error(failureText(err, STAFF_MSG.revokeAccessFailed)),
  });
  const dialog = (
    <ConfirmDialog
      isOpen={target !== null}
      title={STAFF_MSG.revokeAccessTitle}
      confirmLabel={STAFF_MSG.revokeAccessAction}
      tone="danger"
      pending={revoke.isPending}
      onClose={() => setTarget(null)}
      onConfirm={() => target && revoke.mutate(target.id)}
    >
      <p>
        <strong>{target?.name}</strong>: {STAFF_MSG.revokeAccessBody}
      </p>
    </ConfirmDialog>
  );
  return { ask: setTarget, dialog };
}

/** The row action, only for an employee with a linked account. */
export function RevokeAccessAction({ employee, onAsk }: { employee: AdminEmployee; onAsk: (e: AdminEmployee) => void }) {
  if (!employee.userId) return null;
  return (
    <RowAction onPress={() => onAsk(employee)} tone="danger" label={`${STAFF_MSG.revokeAccessAction}: ${employee.name}`}>
      <LogOut className="h-4 w-4" aria-hidden />
      {STAFF_MSG.revokeAccessAction}
    </RowAction>
  );
}
