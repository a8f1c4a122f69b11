import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Alert } from '../alert';
import { ConfirmDialog } from '../confirm-dialog';
import { PageHeader } from '../page-header';
import { ActiveBadge, FormSection, Th } from './admin-ui';
import { AddToggleButton, DeleteConfirm, EmptyList, RowActions } from './catalog-ui';
import { QueryStates } from './query-page';
import type { CatalogItem, CatalogListState } from './use-catalog-manager';

// The back office's list screens (SPEC §2 Manage services, Manage employees): a table on desktop,
// cards on the phone, the add/edit form above the list, activation and permanent deletion with
// their confirmations. Each screen brings only what is its own: columns, card, form and texts.

/** '1 servicio', '3 servicios': a count for a list's subtitle. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A table column: its header, its <col> width class, and its cell (or the shared status/actions cell). */
export type ListColumn<T> = {
  header: string;
  width?: string;
  align?: 'right';
  /** Classes of the <td> beside its padding. */
  className?: string;
  title?: (item: T) => string | undefined;
} & ({ cell: (item: T) => ReactNode } | { shared: 'status' | 'actions' });

/** The columns every list has: 'Estado' (the active badge) and, last, 'Acciones'. */
export const STATUS_COLUMN = { header: 'Estado', width: 'w-28', shared: 'status' } as const;
export const ACTIONS_COLUMN = { header: 'Acciones', width: 'w-60', align: 'right', shared: 'actions' } as const;

export type ListTexts<T> = {
  title: string;
  subtitle: string;
  addLabel: string;
  form: { newTitle: string; editTitle: string; description: (editing: T | null) => ReactNode };
  loading: string;
  loadFailed: string;
  empty: ReactNode;
  caption: string;
  toggle: { deactivateTitle: string; activateTitle: string; body: (item: T) => ReactNode };
  /** The deletion's confirmation; a screen whose manager has no `remove` leaves it out. */
  remove?: { name: (item: T) => ReactNode; body: (item: T) => ReactNode };
};

export type ListLayout<T> = {
  columns: ListColumn<T>[];
  /** The table's min-width class (below it the table scrolls sideways). */
  tableMinWidth: string;
  /** data-testid of a table row and of a phone card. */
  rowTestId: string;
  cardTestId: string;
  /** The phone card: the line under the name, and what follows the name and badge. */
  cardSubtitle: (item: T) => ReactNode;
  cardBody: (item: T) => ReactNode;
  /** More actions under Editar/Activar/Eliminar (a row's own). */
  extraActions?: (item: T) => ReactNode;
};

export function ListPage<T extends CatalogItem>({
  query,
  manager: m,
  texts,
  layout,
  form,
  children,
}: {
  query: UseQueryResult<T[]>;
  manager: CatalogListState<T>;
  texts: ListTexts<T>;
  layout: ListLayout<T>;
  /** The add/edit form of `editing` (null: a new item); a new one for each item. */
  form: (editing: T | null) => ReactNode;
  /** What the screen adds at the end (its own dialogs). */
  children?: ReactNode;
}) {
  const { editing } = m;
  return (
    <section className="mx-auto max-w-6xl">
      <PageHeader
        title={texts.title}
        subtitle={texts.subtitle}
        actions={<AddToggleButton open={m.form === 'new'} label={texts.addLabel} onPress={m.toggleNewForm} />}
      />

      <div ref={m.formRef} className="scroll-mt-6">
        {m.form !== null && (
          <FormSection
            title={editing ? texts.form.editTitle : texts.form.newTitle}
            description={texts.form.description(editing)}
            className="mb-8"
          >
            <Fragment key={editing?.id ?? 'new'}>{form(editing)}</Fragment>
          </FormSection>
        )}
      </div>

      {m.actionError && (
        <div className="mb-5">
          <Alert>{m.actionError}</Alert>
        </div>
      )}

      <QueryStates query={query} loading={texts.loading} failed={texts.loadFailed}>
        {(list) =>
          list.length === 0 ? (
            <EmptyList>{texts.empty}</EmptyList>
          ) : (
            <>
              <ListTable list={list} manager={m} layout={layout} caption={texts.caption} />
              <ListCards list={list} manager={m} layout={layout} />
            </>
          )
        }
      </QueryStates>

      <ListConfirms manager={m} texts={texts} />
      {children}
    </section>
  );
}

function Actions<T extends CatalogItem>({ item, manager: m, layout }: { item: T; manager: CatalogListState<T>; layout: ListLayout<T> }) {
  return (
    <>
      <RowActions item={item} onEdit={() => m.openForm(item)} onAsk={(kind) => m.ask(kind, item)} removable={m.removable} />
      {layout.extraActions && <div className="flex justify-end">{layout.extraActions(item)}</div>}
    </>
  );
}

/** Desktop and tablet: a table. */
function ListTable<T extends CatalogItem>({
  list,
  manager,
  layout,
  caption,
}: {
  list: T[];
  manager: CatalogListState<T>;
  layout: ListLayout<T>;
  caption: string;
}) {
  const right = (c: ListColumn<T>) => (c.align === 'right' ? 'text-right' : '');
  const cell = (c: ListColumn<T>, item: T) => {
    if (!('shared' in c)) return c.cell(item);
    return c.shared === 'status' ? <ActiveBadge active={item.isActive} /> : <Actions item={item} manager={manager} layout={layout} />;
  };
  return (
    <div className="hidden overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft md:block">
      <table className={`w-full ${layout.tableMinWidth} table-fixed text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          {layout.columns.map((c) => (
            <col key={c.header} className={c.width} />
          ))}
        </colgroup>
        <thead className="border-b border-line bg-sand/50">
          <tr>
            {layout.columns.map((c) => (
              <Th key={c.header} className={right(c)}>
                {c.header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {list.map((item) => (
            <tr key={item.id} data-testid={layout.rowTestId} className={item.isActive ? '' : 'bg-ivory/60'}>
              {layout.columns.map((c) => (
                <td
                  key={c.header}
                  className={'shared' in c && c.shared === 'actions' ? 'px-2 py-1.5' : `px-4 py-3 ${right(c)} ${c.className ?? ''}`}
                  title={c.title?.(item)}
                >
                  {cell(c, item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: cards. */
function ListCards<T extends CatalogItem>({ list, manager, layout }: { list: T[]; manager: CatalogListState<T>; layout: ListLayout<T> }) {
  return (
    <ul className="space-y-3 md:hidden">
      {list.map((item) => (
        <li
          key={item.id}
          data-testid={layout.cardTestId}
          className={`rounded-[var(--radius-card)] border border-line p-4 shadow-soft ${item.isActive ? 'bg-white' : 'bg-white/70'}`}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className={`font-medium ${item.isActive ? 'text-ink' : 'text-muted'}`}>{item.name}</p>
              {layout.cardSubtitle(item)}
            </div>
            <ActiveBadge active={item.isActive} />
          </div>
          {layout.cardBody(item)}
          <div className="mt-2 -mb-1 border-t border-line pt-1">
            <Actions item={item} manager={manager} layout={layout} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Activar/Desactivar and the strong confirmation before a permanent deletion (SPEC §4). */
function ListConfirms<T extends CatalogItem>({ manager: m, texts }: { manager: CatalogListState<T>; texts: ListTexts<T> }) {
  const { confirm } = m;
  return (
    <>
      <ConfirmDialog
        isOpen={confirm?.kind === 'toggle'}
        title={confirm?.item.isActive ? texts.toggle.deactivateTitle : texts.toggle.activateTitle}
        confirmLabel={confirm?.item.isActive ? 'Desactivar' : 'Activar'}
        pending={m.toggle.isPending}
        onClose={m.closeConfirm}
        onConfirm={m.confirmNow}
      >
        {confirm && texts.toggle.body(confirm.item)}
      </ConfirmDialog>

      {texts.remove && (
        <DeleteConfirm
          isOpen={confirm?.kind === 'delete'}
          name={confirm && texts.remove.name(confirm.item)}
          pending={m.remove.isPending}
          onClose={m.closeConfirm}
          onConfirm={m.confirmNow}
        >
          {confirm && texts.remove.body(confirm.item)}
        </DeleteConfirm>
      )}
    </>
  );
}
