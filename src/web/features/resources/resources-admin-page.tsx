import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { AffectedAppointments } from '../../components/affected-appointments';
import { ACTIONS_COLUMN, ListPage, plural, STATUS_COLUMN, type ListLayout, type ListTexts } from '../../components/admin/list-page';
import { useCatalogManager } from '../../components/admin/use-catalog-manager';
import { affectedCalls } from '../../api/availability';
import { resourcesQuery, saveResource, setResourceActive, type Resource, type ResourceInput } from '../../api/resources';
import { MaintenanceSection } from './maintenance-section';
import { ResourceForm } from './resource-form';
import { conflictLabel, conflictsNotice, KIND_LABEL } from './resource-text';

// The order a booking picks free resources in (ADR 036: the first free member of a group).
const LAYOUT: ListLayout<Resource> = {
  columns: [
    { header: 'Orden', width: 'w-20', className: 'tabular-nums text-muted', cell: (r) => r.position + 1 },
    { header: 'Nombre', cell: (r) => <p className={`font-medium ${r.isActive ? 'text-ink' : 'text-muted'}`}>{r.name}</p> },
    { header: 'Tipo', width: 'w-32', className: 'text-muted', cell: (r) => KIND_LABEL[r.kind] },
    STATUS_COLUMN,
    ACTIONS_COLUMN,
  ],
  tableMinWidth: 'min-w-[44rem]',
  rowTestId: 'resource-row',
  cardTestId: 'resource-card',
  cardSubtitle: (r) => <p className="mt-0.5 text-sm text-muted">{KIND_LABEL[r.kind]}</p>,
  cardBody: () => null,
};

const TEXTS: Omit<ListTexts<Resource>, 'subtitle'> = {
  title: 'Cabinas y aparatos',
  addLabel: 'Añadir cabina o aparato',
  form: {
    newTitle: 'Nueva cabina o aparato',
    editTitle: 'Editar cabina o aparato',
    description: (editing) =>
      editing ? editing.name : 'Se añadirá activa. Después, en cada servicio, elige qué cabinas o aparatos necesita.',
  },
  loading: 'Cargando cabinas y aparatos...',
  loadFailed: STAFF_MSG.resourcesLoadFailed,
  empty: 'Aún no hay cabinas ni aparatos. Añade los del salón para que dos citas no se los disputen.',
  caption: 'Cabinas y aparatos del salón',
  toggle: {
    deactivateTitle: '¿Desactivar para nuevas citas?',
    activateTitle: '¿Volver a activar?',
    body: (r) =>
      r.isActive ? (
        <p>
          «{r.name}» dejará de ofrecerse en las reservas nuevas. Las citas ya reservadas se mantienen: si alguna lo necesita, la verás en
          «Citas en conflicto».
        </p>
      ) : (
        <p>«{r.name}» volverá a ofrecerse en las reservas.</p>
      ),
  },
};

/** /admin/resources — the salon's cabins and machines, their time out of service and the appointments left without one (ADR 036). */
export default function ResourcesAdminPage() {
  const overview = useQuery(resourcesQuery());
  const list = useQuery({ ...resourcesQuery(), select: (d) => d.resources });
  const m = useCatalogManager<Resource, ResourceInput, { resource: Resource }, { resource: Resource; conflicts: unknown[] }>({
    requests: { save: saveResource, setActive: setResourceActive },
    failed: { save: STAFF_MSG.resourceSaveFailed, toggle: STAFF_MSG.resourceToggleFailed, remove: STAFF_MSG.resourceToggleFailed },
    onSaved: ({ resource }, isEdit) => toast.success(isEdit ? `«${resource.name}» actualizado.` : `«${resource.name}» añadido.`),
    onToggled: ({ resource, conflicts }) => {
      const notice = resource.isActive ? null : conflictsNotice(conflicts.length, resource.name);
      if (notice) toast.warning(notice);
      else toast.success(resource.isActive ? `«${resource.name}» vuelve a ofrecerse.` : `«${resource.name}» ya no se ofrece en las reservas.`);
    },
    onRemoved: () => undefined,
  });

  const resources = list.data ?? [];
  const active = resources.filter((r) => r.isActive).length;
  const subtitle = list.data
    ? `${plural(resources.length, 'cabina o aparato', 'cabinas y aparatos')} · ${plural(active, 'activo', 'activos')}`
    : 'Lo que un tratamiento necesita además de la profesional.';

  return (
    <ListPage query={list} manager={m} texts={{ ...TEXTS, subtitle }} layout={LAYOUT} form={(editing) => <ResourceForm resource={editing} {...m.formProps} />}>
      {overview.data && (
        <div className="mt-8 space-y-6">
          <AffectedAppointments
            conflicts={overview.data.conflicts.map((c) => ({ ...c, label: conflictLabel(c) }))}
            calls={affectedCalls}
            intro="Estas citas confirmadas necesitan una cabina o un aparato desactivado o fuera de servicio. No se ha cancelado ninguna: muévelas o cancélalas."
          />
          <MaintenanceSection data={overview.data} />
        </div>
      )}
    </ListPage>
  );
}
