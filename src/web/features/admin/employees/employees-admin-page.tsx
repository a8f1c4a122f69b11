import { useMutation, useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Power, Trash2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { truncateAccountEmail } from '../../../../domain/back-office-rules';
import { MSG } from '../../../../domain/messages';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { InlineLoading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { ActiveBadge, failureText, FormSection, RowAction, Th, useInvalidateAll } from '../shared/admin-ui';
import { EmployeeForm } from './employee-form';
import {
  deleteEmployee,
  EMPLOYEES_KEY,
  fetchEmployees,
  fetchServices,
  saveEmployee,
  SERVICES_KEY,
  setEmployeeActive,
  type AdminEmployee,
  type EmployeeInput,
} from './employees-api';

type Pending = { kind: 'toggle' | 'delete'; employee: AdminEmployee } | null;

/** SPEC §9: the linked account's email, cut to 15 characters (the whole one on hover and for screen readers). */
function AccountCell({ email }: { email: string | null }) {
  if (!email) return <span className="text-muted">Sin cuenta</span>;
  const short = truncateAccountEmail(email);
  return (
    <span title={email} className="font-medium text-ink">
      <span aria-hidden={short !== email}>{short}</span>
      {short !== email && <span className="sr-only">{email}</span>}
    </span>
  );
}

/** SPEC §2 Manage employees: the table, the form with services, schedule and account linking. */
export default function EmployeesAdminPage() {
  const employees = useQuery({ queryKey: EMPLOYEES_KEY, queryFn: fetchEmployees });
  const services = useQuery({ queryKey: SERVICES_KEY, queryFn: fetchServices });
  const invalidate = useInvalidateAll();
  const [form, setForm] = useState<'new' | AdminEmployee | null>(null);
  const [confirm, setConfirm] = useState<Pending>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: EmployeeInput }) => saveEmployee(id, input),
    onSuccess: async ({ employee, adminRoleKept }, { id }) => {
      setForm(null);
      toast.success(id ? `${employee.name}: cambios guardados.` : `${employee.name} se ha añadido al equipo.`);
      if (adminRoleKept) toast.info(MSG.linkAdminRoleUnchanged);
      await invalidate();
    },
  });

  const toggle = useMutation({
    mutationFn: (e: AdminEmployee) => setEmployeeActive(e.id, !e.isActive),
    onSuccess: async (saved) => {
      setConfirm(null);
      toast.success(saved.isActive ? `${saved.name} vuelve a recibir reservas.` : `${saved.name} ya no recibe nuevas reservas.`);
      await invalidate();
    },
    onError: (err) => {
      setConfirm(null);
      setActionError(failureText(err, MSG.employeeToggleFailed));
    },
  });

  const remove = useMutation({
    mutationFn: (e: AdminEmployee) => deleteEmployee(e.id),
    onSuccess: async (_r, e) => {
      setConfirm(null);
      if (form !== 'new' && form?.id === e.id) setForm(null);
      toast.success(`${e.name} se ha eliminado.`);
      await invalidate();
    },
    onError: (err) => {
      setConfirm(null);
      setActionError(failureText(err, MSG.employeeDeleteFailed));
    },
  });

  function openForm(target: 'new' | AdminEmployee) {
    save.reset();
    setActionError(null);
    setForm(target);
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  const list = employees.data ?? [];
  const active = list.filter((e) => e.isActive).length;
  const withAccount = list.filter((e) => e.userId).length;
  const editing = form !== null && form !== 'new' ? form : null;

  return (
    <section className="mx-auto max-w-6xl">
      <PageHeader
        title="Gestionar Empleados"
        subtitle={
          employees.data
            ? `${list.length} ${list.length === 1 ? 'persona' : 'personas'} · ${active} ${active === 1 ? 'activa' : 'activas'} · ${withAccount} con cuenta`
            : 'El equipo del salón, sus servicios y horarios.'
        }
        actions={
          <Button
            onPress={() => (form === 'new' ? setForm(null) : openForm('new'))}
            variant={form === 'new' ? 'secondary' : 'primary'}
            aria-expanded={form === 'new'}
            className="w-full sm:w-auto"
          >
            {form === 'new' ? <X className="h-4 w-4" aria-hidden /> : <Plus className="h-4 w-4" aria-hidden />}
            {form === 'new' ? 'Cerrar' : 'Añadir Empleado'}
          </Button>
        }
      />

      <div ref={formRef} className="scroll-mt-6">
        {form !== null && (
          <FormSection title={editing ? 'Editar empleado' : 'Nuevo empleado'} description={editing?.name} className="mb-8">
            {services.isPending ? (
              <InlineLoading text="Cargando servicios..." />
            ) : (
              <>
                {services.isError && (
                  <div className="mb-5">
                    <Alert>{MSG.servicesLoadAdmin}</Alert>
                  </div>
                )}
                <EmployeeForm
                  key={editing?.id ?? 'new'}
                  employee={editing}
                  services={services.data ?? []}
                  pending={save.isPending}
                  error={save.isError ? failureText(save.error, MSG.employeeSaveFailed) : null}
                  onSubmit={(input) => save.mutate({ id: editing?.id ?? null, input })}
                  onCancel={() => setForm(null)}
                />
              </>
            )}
          </FormSection>
        )}
      </div>

      {actionError && (
        <div className="mb-5">
          <Alert>{actionError}</Alert>
        </div>
      )}

      {employees.isPending ? (
        <InlineLoading text="Cargando empleados..." />
      ) : employees.isError ? (
        <div className="space-y-3">
          <Alert>{MSG.employeesLoadFailed}</Alert>
          <Button variant="secondary" onPress={() => employees.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 px-6 py-12 text-center text-muted">No hay empleados registrados.</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft md:block">
            <table className="w-full min-w-[57rem] table-fixed text-sm">
              <caption className="sr-only">Empleados del salón</caption>
              <colgroup>
                <col />
                <col />
                <col className="w-24" />
                <col className="w-28" />
                <col className="w-40" />
                <col className="w-60" />
              </colgroup>
              <thead className="border-b border-line bg-sand/50">
                <tr>
                  <Th>Nombre</Th>
                  <Th>Email</Th>
                  <Th className="text-right">Servicios</Th>
                  <Th>Estado</Th>
                  <Th>Cuenta</Th>
                  <Th className="text-right">Acciones</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.map((e) => (
                  <tr key={e.id} data-testid="employee-row" className={e.isActive ? '' : 'bg-ivory/60'}>
                    <td className="px-4 py-3">
                      <p className={`truncate font-medium ${e.isActive ? 'text-ink' : 'text-muted'}`} title={e.name}>{e.name}</p>
                      <p className="mt-0.5 text-xs whitespace-nowrap text-muted tabular-nums">{e.phoneNumber || 'Sin teléfono'}</p>
                    </td>
                    <td className="truncate px-4 py-3 text-muted" title={e.email ?? undefined}>
                      {e.email || '—'}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{e.servicesOffered.length}</td>
                    <td className="px-4 py-3">
                      <ActiveBadge active={e.isActive} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <AccountCell email={e.userAccountEmail} />
                    </td>
                    <td className="px-2 py-1.5">
                      <EmployeeActions employee={e} onEdit={() => openForm(e)} onAsk={(kind) => setConfirm({ kind, employee: e })} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="space-y-3 md:hidden">
            {list.map((e) => (
              <li key={e.id} data-testid="employee-card" className={`rounded-[var(--radius-card)] border border-line p-4 shadow-soft ${e.isActive ? 'bg-white' : 'bg-white/70'}`}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className={`font-medium ${e.isActive ? 'text-ink' : 'text-muted'}`}>{e.name}</p>
                    <p className="mt-0.5 text-sm text-muted tabular-nums">{e.phoneNumber || 'Sin teléfono'}</p>
                  </div>
                  <ActiveBadge active={e.isActive} />
                </div>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted">Email</dt>
                  <dd className="min-w-0 truncate">{e.email || '—'}</dd>
                  <dt className="text-muted">Servicios</dt>
                  <dd className="tabular-nums">{e.servicesOffered.length}</dd>
                  <dt className="text-muted">Cuenta</dt>
                  <dd className="min-w-0">
                    <AccountCell email={e.userAccountEmail} />
                  </dd>
                </dl>
                <div className="mt-2 -mb-1 border-t border-line pt-1">
                  <EmployeeActions employee={e} onEdit={() => openForm(e)} onAsk={(kind) => setConfirm({ kind, employee: e })} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        isOpen={confirm?.kind === 'toggle'}
        title={confirm?.employee.isActive ? '¿Desactivar a este empleado?' : '¿Activar a este empleado?'}
        confirmLabel={confirm?.employee.isActive ? 'Desactivar' : 'Activar'}
        pending={toggle.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && toggle.mutate(confirm.employee)}
      >
        {confirm?.employee.isActive ? (
          <p>{confirm.employee.name} dejará de aparecer al reservar. Sus citas ya reservadas se mantienen y las sigue viendo en su agenda.</p>
        ) : (
          <p>{confirm?.employee.name} volverá a aparecer al reservar sus servicios.</p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        isOpen={confirm?.kind === 'delete'}
        title="¿Eliminar definitivamente?"
        confirmLabel="Eliminar definitivamente"
        tone="danger"
        pending={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && remove.mutate(confirm.employee)}
      >
        <p>
          Vas a eliminar a {confirm?.employee.name} para siempre. <strong className="text-ink">Esta acción no se puede deshacer.</strong>
        </p>
        {confirm?.employee.userId && <p className="mt-2">Su cuenta de usuario se desvinculará.</p>}
      </ConfirmDialog>
    </section>
  );
}

function EmployeeActions({ employee: e, onEdit, onAsk }: { employee: AdminEmployee; onEdit: () => void; onAsk: (kind: 'toggle' | 'delete') => void }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-0.5 md:flex-nowrap">
      <RowAction onPress={onEdit} label={`Editar ${e.name}`}>
        <Pencil className="h-4 w-4 md:hidden" aria-hidden />
        Editar
      </RowAction>
      <RowAction onPress={() => onAsk('toggle')} label={`${e.isActive ? 'Desactivar' : 'Activar'} ${e.name}`}>
        <Power className="h-4 w-4 md:hidden" aria-hidden />
        {e.isActive ? 'Desactivar' : 'Activar'}
      </RowAction>
      {!e.isActive && (
        <RowAction onPress={() => onAsk('delete')} tone="danger" label={`Eliminar ${e.name}`}>
          <Trash2 className="h-4 w-4 md:hidden" aria-hidden />
          Eliminar
        </RowAction>
      )}
    </div>
  );
}
