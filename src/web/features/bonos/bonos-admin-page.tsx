import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ACTIONS_COLUMN, ListPage, plural, STATUS_COLUMN, type ListLayout, type ListTexts } from '../../components/admin/list-page';
import { useCatalogManager } from '../../components/admin/use-catalog-manager';
import { formatEuros } from '../../lib/format';
import { adminServicesQuery } from '../../api/services-admin';
import { bonoTypesQuery, saveBonoType, setBonoTypeActive, type BonoType, type BonoTypeInput } from '../../api/bonos';
import { BonoTypeForm } from './bono-type-form';

const summary = (t: BonoType) => `${plural(t.sessions, 'sesión', 'sesiones')} · ${formatEuros(t.price)} · ${plural(t.validityMonths, 'mes', 'meses')}`;

const TEXTS: Omit<ListTexts<BonoType>, 'subtitle'> = {
  title: 'Bonos',
  addLabel: 'Añadir tipo de bono',
  form: {
    newTitle: 'Nuevo tipo de bono',
    editTitle: 'Editar tipo de bono',
    description: (editing) => (editing ? 'Los bonos ya vendidos conservan su nombre, sus sesiones y su precio.' : 'Se venderá desde la ficha de cada cliente.'),
  },
  loading: 'Cargando bonos...',
  loadFailed: 'No se pudieron cargar los bonos.',
  empty: 'Aún no hay tipos de bono. Crea uno, por ejemplo «Bono 6 sesiones láser».',
  caption: 'Tipos de bono del salón',
  toggle: {
    deactivateTitle: '¿Dejar de vender este bono?',
    activateTitle: '¿Volver a vender este bono?',
    body: (t) =>
      t.isActive ? <p>«{t.name}» dejará de venderse. Los bonos ya vendidos siguen valiendo hasta su caducidad.</p> : <p>«{t.name}» volverá a venderse.</p>,
  },
};

/** /admin/bonos — the bono types the salon sells (ADR 037); the sale is on each client's record. */
export default function BonosAdminPage() {
  const list = useQuery({ ...bonoTypesQuery(), select: (d) => d.bonoTypes });
  const services = useQuery(adminServicesQuery());
  const nameOf = (id: string) => services.data?.find((s) => s.id === id)?.name ?? '';
  const covers = (t: BonoType) => t.serviceIds.map(nameOf).filter(Boolean).join(', ');
  const m = useCatalogManager<BonoType, BonoTypeInput, { bonoType: BonoType }, { bonoType: BonoType }>({
    requests: { save: saveBonoType, setActive: setBonoTypeActive },
    failed: { save: 'No se pudo guardar el bono.', toggle: 'No se pudo cambiar el bono.', remove: 'No se pudo cambiar el bono.' },
    onSaved: ({ bonoType }, isEdit) => toast.success(isEdit ? `«${bonoType.name}» actualizado.` : `«${bonoType.name}» añadido.`),
    onToggled: ({ bonoType }) => toast.success(bonoType.isActive ? `«${bonoType.name}» vuelve a venderse.` : `«${bonoType.name}» ya no se vende.`),
    onRemoved: () => undefined,
  });
  const layout: ListLayout<BonoType> = {
    columns: [
      {
        header: 'Nombre',
        cell: (t) => (
          <div>
            <p className={`font-medium ${t.isActive ? 'text-ink' : 'text-muted'}`}>{t.name}</p>
            <p className="text-sm text-muted">{covers(t)}</p>
          </div>
        ),
      },
      { header: 'Sesiones', width: 'w-24', className: 'tabular-nums', cell: (t) => t.sessions },
      { header: 'Precio', width: 'w-28', className: 'tabular-nums', cell: (t) => formatEuros(t.price) },
      { header: 'Validez', width: 'w-28', className: 'text-muted', cell: (t) => plural(t.validityMonths, 'mes', 'meses') },
      STATUS_COLUMN,
      ACTIONS_COLUMN,
    ],
    tableMinWidth: 'min-w-[56rem]',
    rowTestId: 'bono-type-row',
    cardTestId: 'bono-type-card',
    cardSubtitle: (t) => <p className="mt-0.5 text-sm text-muted">{summary(t)}</p>,
    cardBody: (t) => <p className="text-sm text-muted">{covers(t)}</p>,
  };
  const types = list.data ?? [];
  const subtitle = list.data ? `${plural(types.length, 'tipo de bono', 'tipos de bono')} · ${plural(types.filter((t) => t.isActive).length, 'a la venta', 'a la venta')}` : 'Sesiones que la clienta paga por adelantado.';
  return <ListPage query={list} manager={m} texts={{ ...TEXTS, subtitle }} layout={layout} form={(editing) => <BonoTypeForm bonoType={editing} {...m.formProps} />} />;
}
