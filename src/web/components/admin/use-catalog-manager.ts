import { useMutation } from '@tanstack/react-query';
import { type RefObject, useRef, useState } from 'react';
import { failureText, useInvalidateAll } from './admin-ui';

export type CatalogItem = { id: string; name: string; isActive: boolean };
export type ConfirmKind = 'toggle' | 'delete';

/** The props every add/edit form of a list screen takes beside its item. */
export type CatalogFormProps<Input> = {
  pending: boolean;
  /** The save failure to show (the server's reason or the screen's own text). */
  error: string | null;
  onSubmit: (input: Input) => void;
  onCancel: () => void;
};

/** What a list screen reads of the manager (list-page.tsx): the form, the confirmations, the failures. */
export type CatalogListState<T extends CatalogItem> = {
  form: 'new' | T | null;
  editing: T | null;
  formRef: RefObject<HTMLDivElement | null>;
  openForm: (target: T) => void;
  toggleNewForm: () => void;
  confirm: { kind: ConfirmKind; item: T } | null;
  ask: (kind: ConfirmKind, item: T) => void;
  closeConfirm: () => void;
  confirmNow: () => void;
  actionError: string | null;
  toggle: { isPending: boolean };
  remove: { isPending: boolean };
  /** False for a screen without permanent deletion (cabins and machines are only deactivated). */
  removable: boolean;
};

/**
 * What the services and employees screens share (SPEC §2, §4): the add/edit form that opens
 * above the list, activation with a confirmation, permanent deletion of an inactive row, and the
 * refreshing of every cached list afterwards. The screens keep their own columns and wording.
 */
export function useCatalogManager<T extends CatalogItem, Input, Saved, Toggled = T>(opts: {
  /** The screen's requests (its module in src/web/api/); without `remove`, no row offers Eliminar. */
  requests: {
    save: (id: string | null, input: Input) => Promise<Saved>;
    setActive: (id: string, active: boolean) => Promise<Toggled>;
    remove?: (id: string) => Promise<unknown>;
  };
  /** The screen's own failure texts, when the server gives no reason of its own. */
  failed: { save: string; toggle: string; remove: string };
  /** What the screen says after each change. */
  onSaved: (saved: Saved, isEdit: boolean) => void;
  onToggled: (saved: Toggled) => void;
  onRemoved: (item: T) => void;
}) {
  const { requests, failed } = opts;
  const invalidate = useInvalidateAll();
  // null: form closed; 'new': adding; an item: editing it.
  const [form, setForm] = useState<'new' | T | null>(null);
  const [confirm, setConfirm] = useState<{ kind: ConfirmKind; item: T } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: Input }) => requests.save(id, input),
    onSuccess: async (saved, { id }) => {
      setForm(null);
      opts.onSaved(saved, id !== null);
      await invalidate();
    },
  });

  const afterAction = (fallback: string) => ({
    onError: (err: unknown) => {
      setConfirm(null);
      setActionError(failureText(err, fallback));
    },
  });

  const toggle = useMutation({
    mutationFn: (item: T) => requests.setActive(item.id, !item.isActive),
    onSuccess: async (saved: Toggled) => {
      setConfirm(null);
      opts.onToggled(saved);
      await invalidate();
    },
    ...afterAction(failed.toggle),
  });

  const remove = useMutation({
    mutationFn: (item: T) => (requests.remove ? requests.remove(item.id) : Promise.resolve()),
    onSuccess: async (_r: unknown, item: T) => {
      setConfirm(null);
      if (form !== 'new' && form?.id === item.id) setForm(null);
      opts.onRemoved(item);
      await invalidate();
    },
    ...afterAction(failed.remove),
  });

  function openForm(target: 'new' | T) {
    save.reset();
    setActionError(null);
    setForm(target);
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  return {
    form,
    editing: form !== null && form !== 'new' ? form : null,
    formRef,
    openForm,
    toggleNewForm: () => (form === 'new' ? setForm(null) : openForm('new')),
    /** What the add/edit form needs: the save's state and failure, and its two ways out. */
    formProps: {
      pending: save.isPending,
      error: save.isError ? failureText(save.error, failed.save) : null,
      onSubmit: (input: Input) => save.mutate({ id: form !== null && form !== 'new' ? form.id : null, input }),
      onCancel: () => setForm(null),
    } satisfies CatalogFormProps<Input>,
    confirm,
    ask: (kind: ConfirmKind, item: T) => setConfirm({ kind, item }),
    closeConfirm: () => setConfirm(null),
    confirmNow: () => confirm && (confirm.kind === 'toggle' ? toggle.mutate(confirm.item) : remove.mutate(confirm.item)),
    actionError,
    toggle,
    remove,
    removable: requests.remove !== undefined,
  };
}
