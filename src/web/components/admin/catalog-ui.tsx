import { Pencil, Plus, Power, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../alert';
import { Button } from '../button';
import { ConfirmDialog } from '../confirm-dialog';
import { RowAction } from './admin-ui';
import type { CatalogItem, ConfirmKind } from './use-catalog-manager';

/** The header button that opens the add form and, while it is open, closes it. */
export function AddToggleButton({ open, label, onPress }: { open: boolean; label: string; onPress: () => void }) {
  return (
    <Button onPress={onPress} variant={open ? 'secondary' : 'primary'} aria-expanded={open} className="w-full sm:w-auto">
      {open ? <X className="h-4 w-4" aria-hidden /> : <Plus className="h-4 w-4" aria-hidden />}
      {open ? 'Cerrar' : label}
    </Button>
  );
}

/** Editar, Activar/Desactivar and — SPEC §4: only for an inactive row — Eliminar. */
export function RowActions({
  item,
  onEdit,
  onAsk,
  removable = true,
}: {
  item: CatalogItem;
  onEdit: () => void;
  onAsk: (kind: ConfirmKind) => void;
  removable?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-0.5 md:flex-nowrap">
      <RowAction onPress={onEdit} label={`Editar ${item.name}`}>
        <Pencil className="h-4 w-4 md:hidden" aria-hidden />
        Editar
      </RowAction>
      <RowAction onPress={() => onAsk('toggle')} label={`${item.isActive ? 'Desactivar' : 'Activar'} ${item.name}`}>
        <Power className="h-4 w-4 md:hidden" aria-hidden />
        {item.isActive ? 'Desactivar' : 'Activar'}
      </RowAction>
      {removable && !item.isActive && (
        <RowAction onPress={() => onAsk('delete')} tone="danger" label={`Eliminar ${item.name}`}>
          <Trash2 className="h-4 w-4 md:hidden" aria-hidden />
          Eliminar
        </RowAction>
      )}
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Alert>{message}</Alert>
      <Button variant="secondary" onPress={onRetry}>
        Reintentar
      </Button>
    </div>
  );
}

export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 px-6 py-12 text-center text-muted">
      {children}
    </p>
  );
}

/** The strong confirmation SPEC §4 asks for before a permanent deletion. */
export function DeleteConfirm({
  isOpen,
  name,
  pending,
  onClose,
  onConfirm,
  children,
}: {
  isOpen: boolean;
  name: ReactNode;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title="¿Eliminar definitivamente?"
      confirmLabel="Eliminar definitivamente"
      tone="danger"
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <p>
        Vas a eliminar {name} para siempre. <strong className="text-ink">Esta acción no se puede deshacer.</strong>
      </p>
      {children}
    </ConfirmDialog>
  );
}
