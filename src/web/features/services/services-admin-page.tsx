import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MSG } from '../../../domain/texts/common';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { formatEuros } from '../../lib/format';
import { ActiveBadge, failureText, FormSection, Th } from '../../components/admin/admin-ui';
import { AddToggleButton, DeleteConfirm, EmptyList, LoadError, RowActions } from '../../components/admin/catalog-ui';
import { useCatalogManager } from '../../components/admin/use-catalog-manager';
import { ServiceForm } from './service-form';
import { adminServicesQuery, deleteService, saveService, setServiceActive, type AdminService, type ServiceInput } from '../../api/services-admin';

/** SPEC §2 Manage services: the table, the add/edit form, activation and permanent deletion. */
export default function ServicesAdminPage() {
  const services = useQuery(adminServicesQuery());
  const m = useCatalogManager<AdminService, ServiceInput, AdminService>({
    save: saveService,
    onSaved: (saved, isEdit) => toast.success(isEdit ? `Servicio «${saved.name}» actualizado.` : `Servicio «${saved.name}» añadido.`),
    setActive: setServiceActive,
    onToggled: (saved) =>
      toast.success(saved.isActive ? `«${saved.name}» está activo.` : `«${saved.name}» ya no se ofrece a los clientes.`),
    toggleFailed: MSG.serviceToggleFailed,
    remove: deleteService,
    onRemoved: (s) => toast.success(`«${s.name}» eliminado.`),
    deleteFailed: MSG.serviceDeleteFailed,
  });
  const { editing, confirm } = m;

  const list = services.data ?? [];
  const active = list.filter((s) => s.isActive).length;

  return (
    <section className="mx-auto max-w-6xl">
      <PageHeader
        title="Gestionar Servicios"
        subtitle={
          services.data
            ? `${list.length} ${list.length === 1 ? 'servicio' : 'servicios'} · ${active} ${active === 1 ? 'activo' : 'activos'}`
            : 'La carta de tratamientos del salón.'
        }
        actions={<AddToggleButton open={m.form === 'new'} label="Añadir Servicio" onPress={m.toggleNewForm} />}
      />

      <div ref={m.formRef} className="scroll-mt-6">
        {m.form !== null && (
          <FormSection
            title={editing ? 'Editar servicio' : 'Nuevo servicio'}
            description={editing ? editing.name : 'Se añadirá activo y aparecerá en la carta de los clientes.'}
            className="mb-8"
          >
            <ServiceForm
              key={editing?.id ?? 'new'}
              service={editing}
              pending={m.save.isPending}
              error={m.save.isError ? failureText(m.save.error, MSG.serviceSaveFailed) : null}
              onSubmit={m.submit}
              onCancel={m.closeForm}
            />
          </FormSection>
        )}
      </div>

      {m.actionError && (
        <div className="mb-5">
          <Alert>{m.actionError}</Alert>
        </div>
      )}

      {services.isPending ? (
        <InlineLoading text="Cargando servicios..." />
      ) : services.isError ? (
        <LoadError message={MSG.servicesLoadAdmin} onRetry={() => services.refetch()} />
      ) : list.length === 0 ? (
        <EmptyList>No hay servicios registrados. ¡Añade el primero!</EmptyList>
      ) : (
        <>
          {/* Desktop and tablet: a table. */}
          <div className="hidden overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft md:block">
            <table className="w-full min-w-[54rem] table-fixed text-sm">
              <caption className="sr-only">Servicios del salón</caption>
              <colgroup>
                <col />
                <col className="w-32" />
                <col className="w-24" />
                <col className="w-26" />
                <col className="w-28" />
                <col className="w-60" />
              </colgroup>
              <thead className="border-b border-line bg-sand/50">
                <tr>
                  <Th>Nombre</Th>
                  <Th>Categoría</Th>
                  <Th className="text-right">Duración</Th>
                  <Th className="text-right">Precio</Th>
                  <Th>Estado</Th>
                  <Th className="text-right">Acciones</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.map((s) => (
                  <tr key={s.id} data-testid="service-row" className={s.isActive ? '' : 'bg-ivory/60'}>
                    <td className="px-4 py-3">
                      <p className={`font-medium ${s.isActive ? 'text-ink' : 'text-muted'}`}>{s.name}</p>
                      {s.description && <p className="mt-0.5 truncate text-xs text-muted">{s.description}</p>}
                    </td>
                    <td className="truncate px-4 py-3 text-muted">{s.category || '—'}</td>
                    <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{s.duration} min</td>
                    <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatEuros(s.price)}</td>
                    <td className="px-4 py-3">
                      <ActiveBadge active={s.isActive} />
                    </td>
                    <td className="px-2 py-1.5">
                      <RowActions item={s} onEdit={() => m.openForm(s)} onAsk={(kind) => m.ask(kind, s)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* Phones: cards. */}
          <ul className="space-y-3 md:hidden">
            {list.map((s) => (
              <li
                key={s.id}
                data-testid="service-card"
                className={`rounded-[var(--radius-card)] border border-line p-4 shadow-soft ${s.isActive ? 'bg-white' : 'bg-white/70'}`}
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className={`font-medium ${s.isActive ? 'text-ink' : 'text-muted'}`}>{s.name}</p>
                    <p className="mt-0.5 text-sm text-muted">{s.category || 'Sin categoría'}</p>
                  </div>
                  <ActiveBadge active={s.isActive} />
                </div>
                <p className="mt-2 flex gap-4 text-sm tabular-nums">
                  <span>{s.duration} min</span>
                  <span className="font-medium">{formatEuros(s.price)}</span>
                </p>
                <div className="mt-2 -mb-1 border-t border-line pt-1">
                  <RowActions item={s} onEdit={() => m.openForm(s)} onAsk={(kind) => m.ask(kind, s)} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        isOpen={confirm?.kind === 'toggle'}
        title={confirm?.item.isActive ? '¿Desactivar este servicio?' : '¿Activar este servicio?'}
        confirmLabel={confirm?.item.isActive ? 'Desactivar' : 'Activar'}
        pending={m.toggle.isPending}
        onClose={m.closeConfirm}
        onConfirm={m.confirmNow}
      >
        {confirm?.item.isActive ? (
          <p>«{confirm.item.name}» dejará de aparecer en la carta y no se podrá reservar. Las citas ya reservadas se mantienen.</p>
        ) : (
          <p>«{confirm?.item.name}» volverá a aparecer en la carta y se podrá reservar.</p>
        )}
      </ConfirmDialog>

      <DeleteConfirm
        isOpen={confirm?.kind === 'delete'}
        name={<>«{confirm?.item.name}»</>}
        pending={m.remove.isPending}
        onClose={m.closeConfirm}
        onConfirm={m.confirmNow}
      >
        <p className="mt-2">Las citas pasadas de este servicio se conservan con su nombre y su precio.</p>
      </DeleteConfirm>
    </section>
  );
}
