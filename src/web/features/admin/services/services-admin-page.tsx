import { useMutation, useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Power, Trash2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../../../domain/messages';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { InlineLoading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { formatEuros } from '../../../lib/format';
import { ActiveBadge, failureText, FormSection, RowAction, Th, useInvalidateAll } from '../shared/admin-ui';
import { ServiceForm } from './service-form';
import { deleteService, fetchServices, saveService, setServiceActive, SERVICES_KEY, type AdminService, type ServiceInput } from './services-api';

type Pending = { kind: 'toggle' | 'delete'; service: AdminService } | null;

/** SPEC §2 Manage services: the table, the add/edit form, activation and permanent deletion. */
export default function ServicesAdminPage() {
  const services = useQuery({ queryKey: SERVICES_KEY, queryFn: fetchServices });
  const invalidate = useInvalidateAll();
  // null: form closed; 'new': adding; a service: editing it.
  const [form, setForm] = useState<'new' | AdminService | null>(null);
  const [confirm, setConfirm] = useState<Pending>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ServiceInput }) => saveService(id, input),
    onSuccess: async (saved, { id }) => {
      setForm(null);
      toast.success(id ? `Servicio «${saved.name}» actualizado.` : `Servicio «${saved.name}» añadido.`);
      await invalidate();
    },
  });

  const toggle = useMutation({
    mutationFn: (s: AdminService) => setServiceActive(s.id, !s.isActive),
    onSuccess: async (saved) => {
      setConfirm(null);
      toast.success(saved.isActive ? `«${saved.name}» está activo.` : `«${saved.name}» ya no se ofrece a los clientes.`);
      await invalidate();
    },
    onError: (err) => {
      setConfirm(null);
      setActionError(failureText(err, MSG.serviceToggleFailed));
    },
  });

  const remove = useMutation({
    mutationFn: (s: AdminService) => deleteService(s.id),
    onSuccess: async (_r, s) => {
      setConfirm(null);
      if (form !== 'new' && form?.id === s.id) setForm(null);
      toast.success(`«${s.name}» eliminado.`);
      await invalidate();
    },
    onError: (err) => {
      setConfirm(null);
      setActionError(failureText(err, MSG.serviceDeleteFailed));
    },
  });

  function openForm(target: 'new' | AdminService) {
    save.reset();
    setActionError(null);
    setForm(target);
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  const list = services.data ?? [];
  const active = list.filter((s) => s.isActive).length;
  const editing = form !== null && form !== 'new' ? form : null;

  return (
    <section className="mx-auto max-w-6xl">
      <PageHeader
        title="Gestionar Servicios"
        subtitle={services.data ? `${list.length} ${list.length === 1 ? 'servicio' : 'servicios'} · ${active} ${active === 1 ? 'activo' : 'activos'}` : 'La carta de tratamientos del salón.'}
        actions={
          <Button
            onPress={() => (form === 'new' ? setForm(null) : openForm('new'))}
            variant={form === 'new' ? 'secondary' : 'primary'}
            aria-expanded={form === 'new'}
            className="w-full sm:w-auto"
          >
            {form === 'new' ? <X className="h-4 w-4" aria-hidden /> : <Plus className="h-4 w-4" aria-hidden />}
            {form === 'new' ? 'Cerrar' : 'Añadir Servicio'}
          </Button>
        }
      />

      <div ref={formRef} className="scroll-mt-6">
        {form !== null && (
          <FormSection
            title={editing ? 'Editar servicio' : 'Nuevo servicio'}
            description={editing ? editing.name : 'Se añadirá activo y aparecerá en la carta de los clientes.'}
            className="mb-8"
          >
            <ServiceForm
              key={editing?.id ?? 'new'}
              service={editing}
              pending={save.isPending}
              error={save.isError ? failureText(save.error, MSG.serviceSaveFailed) : null}
              onSubmit={(input) => save.mutate({ id: editing?.id ?? null, input })}
              onCancel={() => setForm(null)}
            />
          </FormSection>
        )}
      </div>

      {actionError && (
        <div className="mb-5">
          <Alert>{actionError}</Alert>
        </div>
      )}

      {services.isPending ? (
        <InlineLoading text="Cargando servicios..." />
      ) : services.isError ? (
        <div className="space-y-3">
          <Alert>{MSG.servicesLoadAdmin}</Alert>
          <Button variant="secondary" onPress={() => services.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 px-6 py-12 text-center text-muted">
          No hay servicios registrados. ¡Añade el primero!
        </p>
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
                      <ServiceActions service={s} onEdit={() => openForm(s)} onAsk={(kind) => setConfirm({ kind, service: s })} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* Phones: cards. */}
          <ul className="space-y-3 md:hidden">
            {list.map((s) => (
              <li key={s.id} data-testid="service-card" className={`rounded-[var(--radius-card)] border border-line p-4 shadow-soft ${s.isActive ? 'bg-white' : 'bg-white/70'}`}>
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
                  <ServiceActions service={s} onEdit={() => openForm(s)} onAsk={(kind) => setConfirm({ kind, service: s })} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        isOpen={confirm?.kind === 'toggle'}
        title={confirm?.service.isActive ? '¿Desactivar este servicio?' : '¿Activar este servicio?'}
        confirmLabel={confirm?.service.isActive ? 'Desactivar' : 'Activar'}
        pending={toggle.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && toggle.mutate(confirm.service)}
      >
        {confirm?.service.isActive ? (
          <p>
            «{confirm.service.name}» dejará de aparecer en la carta y no se podrá reservar. Las citas ya reservadas se mantienen.
          </p>
        ) : (
          <p>«{confirm?.service.name}» volverá a aparecer en la carta y se podrá reservar.</p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        isOpen={confirm?.kind === 'delete'}
        title="¿Eliminar definitivamente?"
        confirmLabel="Eliminar definitivamente"
        tone="danger"
        pending={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && remove.mutate(confirm.service)}
      >
        <p>
          Vas a eliminar «{confirm?.service.name}» para siempre. <strong className="text-ink">Esta acción no se puede deshacer.</strong>
        </p>
        <p className="mt-2">Las citas pasadas de este servicio se conservan con su nombre y su precio.</p>
      </ConfirmDialog>
    </section>
  );
}

function ServiceActions({ service: s, onEdit, onAsk }: { service: AdminService; onEdit: () => void; onAsk: (kind: 'toggle' | 'delete') => void }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-0.5 md:flex-nowrap">
      <RowAction onPress={onEdit} label={`Editar ${s.name}`}>
        <Pencil className="h-4 w-4 md:hidden" aria-hidden />
        Editar
      </RowAction>
      <RowAction onPress={() => onAsk('toggle')} label={`${s.isActive ? 'Desactivar' : 'Activar'} ${s.name}`}>
        <Power className="h-4 w-4 md:hidden" aria-hidden />
        {s.isActive ? 'Desactivar' : 'Activar'}
      </RowAction>
      {/* SPEC §4: permanent deletion only for an inactive service. */}
      {!s.isActive && (
        <RowAction onPress={() => onAsk('delete')} tone="danger" label={`Eliminar ${s.name}`}>
          <Trash2 className="h-4 w-4 md:hidden" aria-hidden />
          Eliminar
        </RowAction>
      )}
    </div>
  );
}
