import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ACTIONS_COLUMN, ListPage, plural, STATUS_COLUMN, type ListLayout, type ListTexts } from '../../components/admin/list-page';
import { useCatalogManager } from '../../components/admin/use-catalog-manager';
import { adminServicesQuery } from '../../api/services-admin';
import { consentTemplatesQuery, saveConsentTemplate, type ConsentTemplate, type TemplateInput, type Validity } from '../../api/consents';
import { TemplateForm } from './template-form';

/** A template as the back office's list shows it (list-page.tsx reads name and isActive). */
type Row = ConsentTemplate & { name: string; isActive: boolean };
const rowOf = (t: ConsentTemplate): Row => ({ ...t, name: t.title, isActive: t.active });
const inputOf = (t: ConsentTemplate): TemplateInput => ({
  title: t.title,
  body: t.body,
  questions: t.questions,
  validity: t.validity,
  serviceIds: t.serviceIds,
});

const validityText = (v: Validity) => (v.kind === 'visit' ? 'Cada visita' : plural(v.months, 'mes', 'meses'));
const signedText = (n: number) => plural(n, 'firmado', 'firmados');

const TEXTS: Omit<ListTexts<Row>, 'subtitle'> = {
  title: 'Consentimientos',
  addLabel: 'Añadir consentimiento',
  form: {
    newTitle: 'Nuevo consentimiento',
    editTitle: 'Editar consentimiento',
    description: (editing) =>
      editing
        ? `Al cambiar el título, el texto, las preguntas o la validez se crea la versión ${editing.version + 1}: los documentos ya firmados conservan la suya y las clientas firmarán la nueva en su próxima cita.`
        : 'Las clientas de los servicios que lo requieren lo firmarán antes de su cita, en línea o en recepción.',
  },
  loading: 'Cargando consentimientos...',
  loadFailed: 'No se pudieron cargar los consentimientos.',
  empty: 'Aún no hay consentimientos. Crea uno, por ejemplo «Consentimiento de depilación láser».',
  caption: 'Consentimientos del salón',
  toggle: {
    deactivateTitle: '¿Dejar de pedir este consentimiento?',
    activateTitle: '¿Volver a pedir este consentimiento?',
    body: (t) =>
      t.isActive ? (
        <p>«{t.title}» dejará de pedirse. Los documentos ya firmados se conservan.</p>
      ) : (
        <p>«{t.title}» volverá a pedirse en las citas de sus servicios.</p>
      ),
  },
};

/** /admin/consentimientos — the consent templates (ADR 041): text, health questions, validity, services. */
export default function ConsentTemplatesAdminPage() {
  const list = useQuery({ ...consentTemplatesQuery(), select: (d) => d.map(rowOf) });
  const services = useQuery(adminServicesQuery());
  const nameOf = (id: string) => services.data?.find((s) => s.id === id)?.name ?? '';
  const covers = (t: Row) => t.serviceIds.map(nameOf).filter(Boolean).join(', ') || 'Ningún servicio lo requiere aún';
  const m = useCatalogManager<Row, TemplateInput, { template: ConsentTemplate }, { template: ConsentTemplate }>({
    requests: {
      save: saveConsentTemplate,
      setActive: (id, active) => {
        const t = list.data!.find((x) => x.id === id)!;
        return saveConsentTemplate(id, { ...inputOf(t), active });
      },
    },
    failed: {
      save: 'No se pudo guardar el consentimiento.',
      toggle: 'No se pudo cambiar el consentimiento.',
      remove: 'No se pudo cambiar el consentimiento.',
    },
    onSaved: ({ template }, isEdit) =>
      toast.success(isEdit ? `«${template.title}» guardado (versión ${template.version}).` : `«${template.title}» añadido.`),
    onToggled: ({ template }) =>
      toast.success(template.active ? `«${template.title}» vuelve a pedirse.` : `«${template.title}» ya no se pide.`),
    onRemoved: () => undefined,
  });
  const layout: ListLayout<Row> = {
    columns: [
      {
        header: 'Título',
        cell: (t) => (
          <div>
            <p className={`font-medium ${t.isActive ? 'text-ink' : 'text-muted'}`}>{t.title}</p>
            <p className="text-sm text-muted">{covers(t)}</p>
          </div>
        ),
      },
      { header: 'Versión', width: 'w-24', className: 'tabular-nums', cell: (t) => `v${t.version}` },
      { header: 'Validez', width: 'w-32', className: 'text-muted', cell: (t) => validityText(t.validity) },
      { header: 'Firmados', width: 'w-28', className: 'tabular-nums', cell: (t) => t.signedCount },
      STATUS_COLUMN,
      ACTIONS_COLUMN,
    ],
    tableMinWidth: 'min-w-[56rem]',
    rowTestId: 'consent-template-row',
    cardTestId: 'consent-template-card',
    cardSubtitle: (t) => (
      <p className="mt-0.5 text-sm text-muted">{`v${t.version} · ${validityText(t.validity)} · ${signedText(t.signedCount)}`}</p>
    ),
    cardBody: (t) => <p className="text-sm text-muted">{covers(t)}</p>,
  };
  const rows = list.data ?? [];
  const subtitle = list.data
    ? `${plural(rows.length, 'plantilla', 'plantillas')} · ${plural(rows.filter((t) => t.isActive).length, 'activa', 'activas')}`
    : 'Lo que la clienta lee, responde y firma antes de un tratamiento.';
  return (
    <ListPage
      query={list}
      manager={m}
      texts={{ ...TEXTS, subtitle }}
      layout={layout}
      form={(editing) => <TemplateForm template={editing} {...m.formProps} />}
    />
  );
}
