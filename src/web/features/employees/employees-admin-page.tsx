import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { truncateAccountEmail } from '../../../domain/back-office-rules';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InlineLoading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { ActiveBadge, failureText, FormSection, Th } from '../../components/admin/admin-ui';
import { AddToggleButton, DeleteConfirm, EmptyList, LoadError, RowActions } from '../../components/admin/catalog-ui';
import { useCatalogManager } from '../../components/admin/use-catalog-manager';
import { EmployeeForm } from './employee-form';
import { RevokeAccessAction, useRevokeAccess } from './revoke-access';
import { adminServicesQuery } from '../../api/services-admin';
import {
  deleteEmployee,
  employeesQuery,
  saveEmployee,
  setEmployeeActive,
  type AdminEmployee,
  type EmployeeInput,
  type SavedEmployee,
} from '../../api/employees';

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
  const employees = useQuery(employeesQuery());
  const services = useQuery(adminServicesQuery());
  const m = useCatalogManager<AdminEmployee, EmployeeInput, SavedEmployee>({
    save: saveEmployee,
    onSaved: ({ employee, adminRoleKept }, isEdit) => {
      toast.success(isEdit ? `${employee.name}: cambios guardados.` : `${employee.name} se ha añadido al equipo.`);
      if (adminRoleKept) toast.info(STAFF_MSG.linkAdminRoleUnchanged);
    },
    setActive: setEmployeeActive,
    onToggled: (saved) =>
      toast.success(saved.isActive ? `${saved.name} vuelve a recibir reservas.` : `${saved.name} ya no recibe nuevas reservas.`),
    toggleFailed: MSG.employeeToggleFailed,
    remove: deleteEmployee,
    onRemoved: (e) => toast.success(`${e.name} se ha eliminado.`),
    deleteFailed: MSG.employeeDeleteFailed,
  });
  const { editing, confirm } = m;
  const revoke = useRevokeAccess();

  const list = employees.data ?? [];
  const active = list.filter((e) => e.isActive).length;
  const withAccount = list.filter((e) => e.userId).length;

  return (
    <section className="mx-auto max-w-6xl">
      <PageHeader
        title="Gestionar Empleados"
        subtitle={
          employees.data
            ? `${list.length} ${list.length === 1 ? 'persona' : 'personas'} · ${active} ${active === 1 ? 'activa' : 'activas'} · ${withAccount} con cuenta`
            : 'El equipo del salón, sus servicios y horarios.'
        }
        actions={<AddToggleButton open={m.form === 'new'} label="Añadir Empleado" onPress={m.toggleNewForm} />}
      />

      <div ref={m.formRef} className="scroll-mt-6">
        {m.form !== null && (
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
                  pending={m.save.isPending}
                  error={m.save.isError ? failureText(m.save.error, MSG.employeeSaveFailed) : null}
                  onSubmit={m.submit}
                  onCancel={m.closeForm}
                />
              </>
            )}
          </FormSection>
        )}
      </div>

      {m.actionError && (
        <div className="mb-5">
          <Alert>{m.actionError}</Alert>
        </div>
      )}

      {employees.isPending ? (
        <InlineLoading text="Cargando empleados..." />
      ) : employees.isError ? (
        <LoadError message={MSG.employeesLoadFailed} onRetry={() => employees.refetch()} />
      ) : list.length === 0 ? (
        <EmptyList>No hay empleados registrados.</EmptyList>
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
                      <p className={`truncate font-medium ${e.isActive ? 'text-ink' : 'text-muted'}`} title={e.name}>
                        {e.name}
                      </p>
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
                      <RowActions item={e} onEdit={() => m.openForm(e)} onAsk={(kind) => m.ask(kind, e)} />
                      <div className="flex justify-end">
                        <RevokeAccessAction employee={e} onAsk={revoke.ask} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="space-y-3 md:hidden">
            {list.map((e) => (
              <li
                key={e.id}
                data-testid="employee-card"
                className={`rounded-[var(--radius-card)] border border-line p-4 shadow-soft ${e.isActive ? 'bg-white' : 'bg-white/70'}`}
              >
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
                  <RowActions item={e} onEdit={() => m.openForm(e)} onAsk={(kind) => m.ask(kind, e)} />
                  <div className="flex justify-end">
                    <RevokeAccessAction employee={e} onAsk={revoke.ask} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        isOpen={confirm?.kind === 'toggle'}
        title={confirm?.item.isActive ? '¿Desactivar a este empleado?' : '¿Activar a este empleado?'}
        confirmLabel={confirm?.item.isActive ? 'Desactivar' : 'Activar'}
        pending={m.toggle.isPending}
        onClose={m.closeConfirm}
        onConfirm={m.confirmNow}
      >
        {confirm?.item.isActive ? (
          <p>
            {confirm.item.name} dejará de aparecer al reservar. Sus citas ya reservadas se mantienen.
            {confirm.item.userId && <> {STAFF_MSG.deactivateEndsAccess}</>}
          </p>
        ) : (
          <p>{confirm?.item.name} volverá a aparecer al reservar sus servicios.</p>
        )}
      </ConfirmDialog>

      <DeleteConfirm
        isOpen={confirm?.kind === 'delete'}
        name={<>a {confirm?.item.name}</>}
        pending={m.remove.isPending}
        onClose={m.closeConfirm}
        onConfirm={m.confirmNow}
      >
        {confirm?.item.userId && <p className="mt-2">Su cuenta de usuario se desvinculará.</p>}
      </DeleteConfirm>

      {revoke.dialog}
    </section>
  );
}
