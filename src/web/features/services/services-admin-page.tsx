import { categoryLabel } from '../../../domain/service-category';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MSG } from '../../../domain/texts/common';
import { ACTIONS_COLUMN, ListPage, plural, STATUS_COLUMN, type ListLayout, type ListTexts } from '../../components/admin/list-page';
import { useCatalogManager } from '../../components/admin/use-catalog-manager';
import { formatEuros } from '../../lib/format';
import {
  adminServicesQuery,
  deleteService,
  saveService,
  setServiceActive,
  type AdminService,
  type ServiceInput,
} from '../../api/services-admin';
import { resourcesQuery } from '../../api/resources';
import { ServiceForm } from './service-form';
import { needsSummary } from './service-needs';

/** The discreet line of what a service needs besides a professional (ADR 036), if anything. */
const Needs = ({ text }: { text: string | null }) => (text ? <p className="mt-1 text-xs text-sage-800">{text}</p> : null);

const layoutOf = (needs: (s: AdminService) => string | null): ListLayout<AdminService> => ({
  columns: [
    {
      header: 'Nombre',
      cell: (s) => (
        <>
          <p className={`font-medium ${s.isActive ? 'text-ink' : 'text-muted'}`}>{s.name}</p>
          {s.description && <p className="mt-0.5 truncate text-xs text-muted">{s.description}</p>}
          <Needs text={needs(s)} />
        </>
      ),
    },
    { header: 'Categoría', width: 'w-32', className: 'truncate text-muted', cell: (s) => categoryLabel(s.category) },
    { header: 'Duración', width: 'w-24', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (s) => `${s.duration} min` },
    { header: 'Precio', width: 'w-26', align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (s) => formatEuros(s.price) },
    STATUS_COLUMN,
    ACTIONS_COLUMN,
  ],
  tableMinWidth: 'min-w-[54rem]',
  rowTestId: 'service-row',
  cardTestId: 'service-card',
  cardSubtitle: (s) => <p className="mt-0.5 text-sm text-muted">{categoryLabel(s.category)}</p>,
  cardBody: (s) => (
    <>
      <p className="mt-2 flex gap-4 text-sm tabular-nums">
        <span>{s.duration} min</span>
        <span className="font-medium">{formatEuros(s.price)}</span>
      </p>
      <Needs text={needs(s)} />
    </>
  ),
});

const TEXTS: Omit<ListTexts<AdminService>, 'subtitle'> = {
  title: 'Gestionar Servicios',
  addLabel: 'Añadir Servicio',
  form: {
    newTitle: 'Nuevo servicio',
    editTitle: 'Editar servicio',
    description: (editing) => (editing ? editing.name : 'Se añadirá activo y aparecerá en la carta de los clientes.'),
  },
  loading: 'Cargando servicios...',
  loadFailed: MSG.servicesLoadAdmin,
  empty: 'No hay servicios registrados. ¡Añade el primero!',
  caption: 'Servicios del salón',
  toggle: {
    deactivateTitle: '¿Desactivar este servicio?',
    activateTitle: '¿Activar este servicio?',
    body: (s) =>
      s.isActive ? (
        <p>«{s.name}» dejará de aparecer en la carta y no se podrá reservar. Las citas ya reservadas se mantienen.</p>
      ) : (
        <p>«{s.name}» volverá a aparecer en la carta y se podrá reservar.</p>
      ),
  },
  remove: {
    name: (s) => <>«{s.name}»</>,
    body: () => <p className="mt-2">Las citas pasadas de este servicio se conservan con su nombre y su precio.</p>,
  },
};

/** SPEC §2 Manage services: the table, the add/edit form, activation and permanent deletion. */
export default function ServicesAdminPage() {
  const services = useQuery(adminServicesQuery());
  const resources = useQuery(resourcesQuery());
  const names = new Map((resources.data?.resources ?? []).map((r) => [r.id, r.name]));
  const layout = layoutOf((s) => needsSummary(s, (id) => names.get(id)));
  const m = useCatalogManager<AdminService, ServiceInput, AdminService>({
    requests: { save: saveService, setActive: setServiceActive, remove: deleteService },
    failed: { save: MSG.serviceSaveFailed, toggle: MSG.serviceToggleFailed, remove: MSG.serviceDeleteFailed },
    onSaved: (saved, isEdit) => toast.success(isEdit ? `Servicio «${saved.name}» actualizado.` : `Servicio «${saved.name}» añadido.`),
    onToggled: (saved) =>
      toast.success(saved.isActive ? `«${saved.name}» está activo.` : `«${saved.name}» ya no se ofrece a los clientes.`),
    onRemoved: (s) => toast.success(`«${s.name}» eliminado.`),
  });

  const list = services.data ?? [];
  const active = list.filter((s) => s.isActive).length;
  const subtitle = services.data
    ? `${plural(list.length, 'servicio', 'servicios')} · ${plural(active, 'activo', 'activos')}`
    : 'La carta de tratamientos del salón.';

  return (
    <ListPage
      query={services}
      manager={m}
      texts={{ ...TEXTS, subtitle }}
      layout={layout}
      form={(editing) => <ServiceForm service={editing} {...m.formProps} />}
    />
  );
}
