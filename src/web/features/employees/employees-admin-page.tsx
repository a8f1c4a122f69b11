import { readablePhone } from '../../../domain/phone';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MSG } from '../../../domain/texts/common';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { InlineLoading } from '../../components/loading';
import { ACTIONS_COLUMN, ListPage, plural, STATUS_COLUMN, type ListLayout, type ListTexts } from '../../components/admin/list-page';
import { useCatalogManager } from '../../components/admin/use-catalog-manager';
import {
  deleteEmployee,
  employeesQuery,
  saveEmployee,
  setEmployeeActive,
  type AdminEmployee,
  type EmployeeInput,
  type SavedEmployee,
} from '../../api/employees';
import { adminServicesQuery } from '../../api/services-admin';
import { AccountCell } from './account-cell';
import { EmployeeForm } from './employee-form';
import { RevokeAccessAction, useRevokeAccess } from './revoke-access';

const layoutWith = (onRevoke: (e: AdminEmployee) => void): ListLayout<AdminEmployee> => ({
  columns: [
    {
      header: 'Nombre',
      cell: (e) => (
        <>
          <p className={`truncate font-medium ${e.isActive ? 'text-ink' : 'text-muted'}`} title={e.name}>
            {e.name}
          </p>
          <p className="mt-0.5 text-xs whitespace-nowrap text-muted tabular-nums">{readablePhone(e.phoneNumber) || 'Sin teléfono'}</p>
        </>
      ),
    },
    { header: 'Email', className: 'truncate text-muted', title: (e) => e.email ?? undefined, cell: (e) => e.email || '—' },
    { header: 'Servicios', width: 'w-24', align: 'right', className: 'tabular-nums', cell: (e) => e.servicesOffered.length },
    STATUS_COLUMN,
    { header: 'Cuenta', width: 'w-40', className: 'whitespace-nowrap', cell: (e) => <AccountCell email={e.userAccountEmail} /> },
    ACTIONS_COLUMN,
  ],
  tableMinWidth: 'min-w-[57rem]',
  rowTestId: 'employee-row',
  cardTestId: 'employee-card',
  cardSubtitle: (e) => <p className="mt-0.5 text-sm text-muted tabular-nums">{readablePhone(e.phoneNumber) || 'Sin teléfono'}</p>,
  cardBody: (e) => (
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
  ),
  extraActions: (e) => <RevokeAccessAction employee={e} onAsk={onRevoke} />,
});

const TEXTS: Omit<ListTexts<AdminEmployee>, 'subtitle'> = {
  title: 'Gestionar Empleados',
  addLabel: 'Añadir Empleado',
  form: { newTitle: 'Nuevo empleado', editTitle: 'Editar empleado', description: (editing) => editing?.name },
  loading: 'Cargando empleados...',
  loadFailed: MSG.employeesLoadFailed,
  empty: 'No hay empleados registrados.',
  caption: 'Empleados del salón',
  toggle: {
    deactivateTitle: '¿Desactivar a este empleado?',
    activateTitle: '¿Activar a este empleado?',
    body: (e) =>
      e.isActive ? (
        <p>
          {e.name} dejará de aparecer al reservar. Sus citas ya reservadas se mantienen.
          {e.userId && <> {STAFF_MSG.deactivateEndsAccess}</>}
        </p>
      ) : (
        <p>{e.name} volverá a aparecer al reservar sus servicios.</p>
      ),
  },
  remove: {
    name: (e) => <>a {e.name}</>,
    body: (e) => e.userId && <p className="mt-2">Su cuenta de usuario se desvinculará.</p>,
  },
};

/** SPEC §2 Manage employees: the table, the form with services, schedule and account linking. */
export default function EmployeesAdminPage() {
  const employees = useQuery(employeesQuery());
  const services = useQuery(adminServicesQuery());
  const m = useCatalogManager<AdminEmployee, EmployeeInput, SavedEmployee>({
    requests: { save: saveEmployee, setActive: setEmployeeActive, remove: deleteEmployee },
    failed: { save: MSG.employeeSaveFailed, toggle: MSG.employeeToggleFailed, remove: MSG.employeeDeleteFailed },
    onSaved: ({ employee, adminRoleKept }, isEdit) => {
      toast.success(isEdit ? `${employee.name}: cambios guardados.` : `${employee.name} se ha añadido al equipo.`);
      if (adminRoleKept) toast.info(STAFF_MSG.linkAdminRoleUnchanged);
    },
    onToggled: (saved) =>
      toast.success(saved.isActive ? `${saved.name} vuelve a recibir reservas.` : `${saved.name} ya no recibe nuevas reservas.`),
    onRemoved: (e) => toast.success(`${e.name} se ha eliminado.`),
  });
  const revoke = useRevokeAccess();

  const list = employees.data ?? [];
  const active = list.filter((e) => e.isActive).length;
  const withAccount = list.filter((e) => e.userId).length;
  const subtitle = employees.data
    ? `${plural(list.length, 'persona', 'personas')} · ${plural(active, 'activa', 'activas')} · ${withAccount} con cuenta`
    : 'El equipo del salón, sus servicios y horarios.';

  return (
    <ListPage
      query={employees}
      manager={m}
      texts={{ ...TEXTS, subtitle }}
      layout={layoutWith(revoke.ask)}
      form={(editing) =>
        services.isPending ? (
          <InlineLoading text="Cargando servicios..." />
        ) : (
          <>
            {services.isError && (
              <div className="mb-5">
                <Alert>{MSG.servicesLoadAdmin}</Alert>
              </div>
            )}
            <EmployeeForm employee={editing} services={services.data ?? []} {...m.formProps} />
          </>
        )
      }
    >
      {revoke.dialog}
    </ListPage>
  );
}
