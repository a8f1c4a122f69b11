import { and, asc, eq, sql } from 'drizzle-orm';
import type { ConsentQuestion, Validity } from '../../../domain/consents';
import type { Db, Tx } from '../../db/client';
import { consentDocuments, consentTemplates, consentTemplateVersions, serviceConsentTemplates } from '../../db/schema';

// Consent templates, their versions and the services that require them (ADR 041).

type Executor = Db | Tx;

export type TemplateRow = {
  id: string;
  title: string;
  active: boolean;
  version: number;
  versionId: string;
  body: string;
  questions: ConsentQuestion[];
  validity: Validity;
  serviceIds: string[];
  signedCount: number;
};

/** A version's validity from its two columns (a CHECK keeps months set exactly when the kind is 'months'). */
export const validityOf = (kind: 'visit' | 'months', months: number | null): Validity => (kind === 'months' ? { kind: 'months', months: months ?? 1 } : { kind: 'visit' });

/** Every template with its current version, its services and how many documents were signed on it (any version). */
export async function allTemplates(db: Executor, id?: string): Promise<TemplateRow[]> {
  const rows = await db
    .select({
      id: consentTemplates.id,
      title: consentTemplateVersions.title,
      active: consentTemplates.active,
      version: consentTemplates.version,
      versionId: consentTemplateVersions.id,
      body: consentTemplateVersions.body,
      questions: consentTemplateVersions.questions,
      validityKind: consentTemplateVersions.validityKind,
      validityMonths: consentTemplateVersions.validityMonths,
      serviceIds: sql<string[]>`coalesce((SELECT array_agg(st.service_id::text ORDER BY st.service_id) FROM ${serviceConsentTemplates} st WHERE st.template_id = ${consentTemplates.id}), '{}')`,
      signedCount: sql<number>`(SELECT count(*)::int FROM ${consentDocuments} d WHERE d.template_id = ${consentTemplates.id})`,
    })
    .from(consentTemplates)
    .innerJoin(consentTemplateVersions, and(eq(consentTemplateVersions.templateId, consentTemplates.id), eq(consentTemplateVersions.version, consentTemplates.version)))
    .where(id ? eq(consentTemplates.id, id) : undefined)
    .orderBy(asc(consentTemplateVersions.title), asc(consentTemplates.id));
  return rows.map(({ validityKind, validityMonths, ...r }) => ({ ...r, validity: validityOf(validityKind, validityMonths) }));
}

export async function templateForUpdate(tx: Tx, id: string) {
  const [row] = await tx.select({ id: consentTemplates.id }).from(consentTemplates).where(eq(consentTemplates.id, id)).for('update');
  return row;
}

export type VersionValues = { title: string; body: string; questions: ConsentQuestion[]; validity: Validity };

export async function insertTemplate(tx: Tx, v: VersionValues & { active: boolean }, by: string, at: Date) {
  const [t] = await tx.insert(consentTemplates).values({ title: v.title, active: v.active, version: 1, createdAt: at, updatedAt: at }).returning({ id: consentTemplates.id });
  await insertVersion(tx, t!.id, 1, v, by, at);
  return t!.id;
}

export async function insertVersion(tx: Tx, templateId: string, version: number, v: VersionValues, by: string, at: Date) {
  await tx.insert(consentTemplateVersions).values({
    templateId,
    version,
    title: v.title,
    body: v.body,
    questions: v.questions,
    validityKind: v.validity.kind,
    validityMonths: v.validity.kind === 'months' ? v.validity.months : null,
    createdAt: at,
    createdBy: by,
  });
}

export async function updateTemplateRow(tx: Tx, id: string, v: { title: string; active: boolean; version: number }, at: Date) {
  await tx.update(consentTemplates).set({ ...v, updatedAt: at }).where(eq(consentTemplates.id, id));
}

export async function replaceTemplateServices(tx: Tx, templateId: string, serviceIds: readonly string[]) {
  await tx.delete(serviceConsentTemplates).where(eq(serviceConsentTemplates.templateId, templateId));
  if (serviceIds.length) await tx.insert(serviceConsentTemplates).values(serviceIds.map((serviceId) => ({ templateId, serviceId })));
}
