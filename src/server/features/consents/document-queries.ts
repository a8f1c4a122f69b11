import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { ConsentAnswer, SignMethod } from '../../../domain/consents';
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

/** Whether the employee (user id) has, had or will have an appointment (not cancelled) with the client record. */
export async function employeeHasClient(db: Executor, employeeUserId: string, clientRecordId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(appointments)
    .where(
      and(
        eq(appointments.employeeId, employeeUserId),
        eq(appointments.clientRecordId, clientRecordId),
        notInArray(appointments.status, ['cancelled_by_client', 'cancelled_by_salon']),
      ),
    )
    .limit(1);
  return !!row;
}

export async function logAccess(db: Executor, v: { documentId: string; viewerUserId: string | null; viewerName: string; viewerKind: 'admin' | 'employee' | 'client'; action: 'view' | 'pdf'; at: Date }) {
  await db.insert(consentAccessLog).values(v);
}

export function accessLogOf(db: Executor, documentId: string) {
  return db
    .select({ at: consentAccessLog.at, viewerName: consentAccessLog.viewerName, viewerKind: consentAccessLog.viewerKind, action: consentAccessLog.action })
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
      title: consentTemplateVersions.title,
      version: consentTemplateVersions.version,
      signedAt: consentDocuments.signedAt,
      method: consentDocuments.method,
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
