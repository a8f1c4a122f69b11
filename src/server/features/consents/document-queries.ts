import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CONSENT_ACCESS_ACTIONS, CONSENT_ACCESS_OUTCOMES, CONSENT_VIEWER_KINDS, ConsentAnswer, SignMethod } from '../../../domain/consents';
import type { HealthVisit } from '../../../domain/health-access';
import { DEFAULT_SALON_NAME } from '../../../domain/salon-settings';
import type { Db, Tx } from '../../db/client';
import { signedDocumentColumns } from '../../db/consent-document-columns';
import { appointments, clients, consentAccessLog, consentDocuments, consentTemplates, consentTemplateVersions, salonSettings, serviceConsentTemplates } from '../../db/schema';
import { validityOf } from './template-queries';

// Signed documents: what signing needs to know, the insert, the reads and their access log (ADR 041).

type Executor = Db | Tx;

/** The appointment a consent is signed for, with its client record's name. */
export async function appointmentForSigning(db: Executor, id: string, lock = false) {
  const q = db
    .select({
      id: appointments.id,
      clientRecordId: appointments.clientRecordId,
      serviceId: appointments.serviceId,
      serviceName: appointments.serviceName,
      employeeId: appointments.employeeId,
      employeeName: appointments.employeeName,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      status: appointments.status,
      consentLinkGeneration: appointments.consentLinkGeneration,
      clientName: sql<string>`coalesce((SELECT ${clients.name} FROM ${clients} WHERE ${clients.id} = ${appointments.clientRecordId}), ${appointments.clientName})`,
    })
    .from(appointments)
    .where(eq(appointments.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The active templates a service requires, each with its current version. */
export async function requiredTemplates(db: Executor, serviceId: string | null) {
  if (!serviceId) return [];
  const rows = await db
    .select({
      templateId: consentTemplates.id,
      templateVersionId: consentTemplateVersions.id,
      version: consentTemplateVersions.version,
      title: consentTemplateVersions.title,
      body: consentTemplateVersions.body,
      questions: consentTemplateVersions.questions,
    })
    .from(serviceConsentTemplates)
    .innerJoin(consentTemplates, and(eq(consentTemplates.id, serviceConsentTemplates.templateId), eq(consentTemplates.active, true)))
    .innerJoin(consentTemplateVersions, and(eq(consentTemplateVersions.templateId, consentTemplates.id), eq(consentTemplateVersions.version, consentTemplates.version)))
    .where(eq(serviceConsentTemplates.serviceId, serviceId))
    .orderBy(asc(consentTemplateVersions.title), asc(consentTemplates.id));
  return rows;
}

/** A version by id, with its template's current version number. */
export async function versionById(db: Executor, id: string) {
  const [row] = await db
    .select({ id: consentTemplateVersions.id, templateId: consentTemplateVersions.templateId, version: consentTemplateVersions.version, currentVersion: consentTemplates.version })
    .from(consentTemplateVersions)
    .innerJoin(consentTemplates, eq(consentTemplates.id, consentTemplateVersions.templateId))
    .where(eq(consentTemplateVersions.id, id));
  return row;
}

/** The record's documents on these templates (any version), newest first, with what validity needs. */
export async function documentsOfRecord(db: Executor, clientRecordId: string, templateIds: readonly string[]) {
  if (templateIds.length === 0) return [];
  const rows = await db
    .select({
      id: consentDocuments.id,
      templateId: consentDocuments.templateId,
      appointmentId: consentDocuments.appointmentId,
      signedAt: consentDocuments.signedAt,
      signedDay: sql<string>`to_char(${consentDocuments.signedAt} AT TIME ZONE 'Europe/Madrid', 'YYYY-MM-DD')`,
      title: consentTemplateVersions.title,
      version: consentTemplateVersions.version,
      validityKind: consentTemplateVersions.validityKind,
      validityMonths: consentTemplateVersions.validityMonths,
    })
    .from(consentDocuments)
    .innerJoin(consentTemplateVersions, eq(consentTemplateVersions.id, consentDocuments.templateVersionId))
    .where(and(eq(consentDocuments.clientRecordId, clientRecordId), inArray(consentDocuments.templateId, [...templateIds])))
    .orderBy(desc(consentDocuments.signedAt), desc(consentDocuments.id));
  return rows.map(({ validityKind, validityMonths, ...d }) => ({ ...d, validity: validityOf(validityKind, validityMonths) }));
}

export type NewDocument = {
  clientRecordId: string;
  appointmentId: string;
  templateId: string;
  templateVersionId: string;
  answers: ConsentAnswer[];
  signaturePng: Buffer;
  signerName: string;
  signedAt: Date;
  method: SignMethod;
  witnessedByUserId: string | null;
  witnessedByName: string | null;
  sha256: string;
};

export async function insertDocument(tx: Tx, d: NewDocument) {
  const [row] = await tx
    .insert(consentDocuments)
    .values({ ...d, healthDataConsent: true })
    .returning({ id: consentDocuments.id });
  return row!.id;
}

/** One document with its version's text and questions, its client record's account and name. */
export async function documentById(db: Executor, id: string) {
  const [row] = await db
    .select({
      ...signedDocumentColumns,
      clientRecordId: consentDocuments.clientRecordId,
      templateId: consentDocuments.templateId,
      templateVersionId: consentDocuments.templateVersionId,
      witnessedByUserId: consentDocuments.witnessedByUserId,
      clientName: clients.name,
      clientUserId: clients.userId,
    })
    .from(consentDocuments)
    .innerJoin(consentTemplateVersions, eq(consentTemplateVersions.id, consentDocuments.templateVersionId))
    .innerJoin(clients, eq(clients.id, consentDocuments.clientRecordId))
    .where(eq(consentDocuments.id, id));
  return row;
}

/**
 * A client record's visits with one professional, as the need-to-know rule reads them (ADR 051,
 * domain/health-access.ts): status, salon day, and the active consent templates its service requires.
 */
export async function healthVisits(db: Executor, clientRecordId: string, employeeUserId: string): Promise<HealthVisit[]> {
  const rows = await db
    .select({
      id: appointments.id,
      employeeUserId: appointments.employeeId,
      status: appointments.status,
      day: sql<string>`to_char(${appointments.startTime} AT TIME ZONE 'Europe/Madrid', 'YYYY-MM-DD')`,
      // Spelled out: drizzle writes a column of a one-table select without its table, and
      // "service_id" inside the subquery would be st's own (every template, for any visit).
      requiredTemplateIds: sql<string[]>`coalesce((SELECT array_agg(st.template_id::text) FROM service_consent_templates st
        JOIN consent_templates t ON t.id = st.template_id AND t.active WHERE st.service_id = appointments.service_id), '{}')`,
    })
    .from(appointments)
    .where(and(eq(appointments.clientRecordId, clientRecordId), eq(appointments.employeeId, employeeUserId)))
    .orderBy(asc(appointments.startTime))
    .limit(1000);
  return rows;
}

export type AccessEntry = {
  documentId: string;
  viewerUserId: string | null;
  viewerName: string;
  viewerKind: (typeof CONSENT_VIEWER_KINDS)[number];
  action: (typeof CONSENT_ACCESS_ACTIONS)[number];
  outcome: (typeof CONSENT_ACCESS_OUTCOMES)[number];
  appointmentId: string | null;
  at: Date;
};

export async function logAccess(db: Executor, entries: readonly AccessEntry[]) {
  if (entries.length > 0) await db.insert(consentAccessLog).values([...entries]);
}

export function accessLogOf(db: Executor, documentId: string) {
  return db
    .select({
      at: consentAccessLog.at,
      viewerName: consentAccessLog.viewerName,
      viewerKind: consentAccessLog.viewerKind,
      action: consentAccessLog.action,
      outcome: consentAccessLog.outcome,
      visitStart: sql<Date | null>`(SELECT a.start_time FROM appointments a WHERE a.id = consent_access_log.appointment_id)`.mapWith(appointments.startTime),
    })
    .from(consentAccessLog)
    .where(eq(consentAccessLog.documentId, documentId))
    .orderBy(desc(consentAccessLog.at), desc(consentAccessLog.id))
    .limit(1000);
}

export async function documentExists(db: Executor, id: string) {
  const [row] = await db.select({ id: consentDocuments.id }).from(consentDocuments).where(eq(consentDocuments.id, id));
  return !!row;
}

/** A client record's documents, newest first, with whether any contraindication question was answered yes. */
export function documentsOfClient(db: Executor, where: { clientRecordId: string } | { userId: string }) {
  const filter =
    'clientRecordId' in where
      ? eq(consentDocuments.clientRecordId, where.clientRecordId)
      : sql`${consentDocuments.clientRecordId} IN (SELECT ${clients.id} FROM ${clients} WHERE ${clients.userId} = ${where.userId})`;
  return db
    .select({
      id: consentDocuments.id,
      templateId: consentDocuments.templateId,
      title: consentTemplateVersions.title,
      version: consentTemplateVersions.version,
      signedAt: consentDocuments.signedAt,
      method: consentDocuments.method,
      clientUserId: sql<string | null>`(SELECT c.user_id FROM clients c WHERE c.id = consent_documents.client_record_id)`,
      hasContraindications: sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements(${consentTemplateVersions.questions}) q
        JOIN jsonb_array_elements(${consentDocuments.answers}) a ON a->>'questionId' = q->>'id'
        WHERE (q->>'contraindication')::boolean AND a->'value' = 'true'::jsonb)`,
    })
    .from(consentDocuments)
    .innerJoin(consentTemplateVersions, eq(consentTemplateVersions.id, consentDocuments.templateVersionId))
    .where(filter)
    .orderBy(desc(consentDocuments.signedAt), desc(consentDocuments.id))
    .limit(500);
}

export async function clientRecordExists(db: Executor, id: string) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id));
  return !!row;
}

/** The salon's name on the signing page and the PDF; the domain's default when it never saved its settings. */
export async function salonName(db: Executor) {
  const [row] = await db.select({ name: salonSettings.name }).from(salonSettings).where(eq(salonSettings.id, 1));
  return row?.name ?? DEFAULT_SALON_NAME;
}
