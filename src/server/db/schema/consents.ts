import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_ACCESS_ACTIONS, CONSENT_ACCESS_OUTCOMES, CONSENT_VIEWER_KINDS, SIGN_METHODS, VALIDITY_KINDS, type ConsentAnswer, type ConsentQuestion } from '../../../domain/consents';
import { sqlLiterals } from '../sql-literals';
import { created, updated } from './columns';
import { session, user } from './accounts';
import { appointments } from './appointments';
import { clients } from './front-desk';
import { services } from './services';

// Signed consents and health questions (docs/decisions/041-signed-consents-and-health-data.md,
// migration 0015_consents). Health data (RGPD art. 9): read only through src/server/features/consents,
// each read written to consent_access_log.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A consent the salon asks for; `version` is its CURRENT version's number (only a document on it counts). */
export const consentTemplates = pgTable(
  'consent_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [check('consent_templates_version', sql`${t.version} >= 1`)],
);

/** One version of a template's text and questions: never changed; editing the text inserts version n+1. */
export const consentTemplateVersions = pgTable(
  'consent_template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => consentTemplates.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    questions: jsonb('questions').$type<ConsentQuestion[]>().notNull(),
    validityKind: text('validity_kind', { enum: VALIDITY_KINDS }).notNull(),
    validityMonths: integer('validity_months'),
    createdAt: created(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('consent_template_versions_number').on(t.templateId, t.version),
    check('consent_template_versions_kind', sql`${t.validityKind} IN (${sqlLiterals(VALIDITY_KINDS)})`),
    check(
      'consent_template_versions_months',
      sql`(${t.validityKind} = 'visit' AND ${t.validityMonths} IS NULL) OR (${t.validityKind} = 'months' AND ${t.validityMonths} BETWEEN 1 AND 60)`,
    ),
    check('consent_template_versions_questions', sql`jsonb_typeof(${t.questions}) = 'array'`),
  ],
);

/** The services that require a template. */
export const serviceConsentTemplates = pgTable(
  'service_consent_templates',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => consentTemplates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.templateId] }), index('service_consent_templates_template_idx').on(t.templateId)],
);

/**
 * A signed consent. Immutable: the trigger consent_documents_immutable refuses every UPDATE (but
 * the move to another record when two records of one client are merged, ADR 019) and every DELETE
 * but the retention purge's (ADR 041). No foreign key that could SET NULL: the witness is kept by
 * id and name, not by reference.
 */
export const consentDocuments = pgTable(
  'consent_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientRecordId: uuid('client_record_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'restrict' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => consentTemplates.id, { onDelete: 'restrict' }),
    templateVersionId: uuid('template_version_id')
      .notNull()
      .references(() => consentTemplateVersions.id, { onDelete: 'restrict' }),
    answers: jsonb('answers').$type<ConsentAnswer[]>().notNull(),
    healthDataConsent: boolean('health_data_consent').notNull(),
    signaturePng: bytea('signature_png').notNull(),
    signerName: text('signer_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    method: text('method', { enum: SIGN_METHODS }).notNull(),
    witnessedByUserId: text('witnessed_by_user_id'),
    witnessedByName: text('witnessed_by_name'),
    sha256: text('sha256').notNull(),
  },
  (t) => [
    check('consent_documents_health_consent', sql`${t.healthDataConsent}`),
    check('consent_documents_method', sql`${t.method} IN (${sqlLiterals(SIGN_METHODS)})`),
    check('consent_documents_witness', sql`(${t.method} = 'recepcion') = (${t.witnessedByName} IS NOT NULL)`),
    check('consent_documents_signature_size', sql`octet_length(${t.signaturePng}) BETWEEN 8 AND 204800`),
    check('consent_documents_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('consent_documents_answers', sql`jsonb_typeof(${t.answers}) = 'array'`),
    index('consent_documents_client_idx').on(t.clientRecordId, t.templateId, t.signedAt),
    index('consent_documents_appointment_idx').on(t.appointmentId),
  ],
);

/** Who read a signed document, when, how (RGPD art. 9 and 32: a record of each access). */
export const consentAccessLog = pgTable(
  'consent_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => consentDocuments.id, { onDelete: 'cascade' }),
    viewerUserId: text('viewer_user_id').references(() => user.id, { onDelete: 'set null' }),
    viewerName: text('viewer_name').notNull(),
    viewerKind: text('viewer_kind', { enum: CONSENT_VIEWER_KINDS }).notNull(),
    action: text('action', { enum: CONSENT_ACCESS_ACTIONS }).notNull(),
    // ADR 051: refused reads are written too, and the visit a professional read it for.
    outcome: text('outcome', { enum: CONSENT_ACCESS_OUTCOMES }).notNull().default('allowed'),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('consent_access_log_kind', sql`${t.viewerKind} IN (${sqlLiterals(CONSENT_VIEWER_KINDS)})`),
    check('consent_access_log_action', sql`${t.action} IN (${sqlLiterals(CONSENT_ACCESS_ACTIONS)})`),
    check('consent_access_log_outcome', sql`${t.outcome} IN (${sqlLiterals(CONSENT_ACCESS_OUTCOMES)})`),
    index('consent_access_log_document_idx').on(t.documentId, t.at),
  ],
);

/**
 * A session locked to signing at reception (docs/decisions/068-reception-kiosk.md): the staff
 * member's session, the one visit whose forms it may show, her PIN (argon2id, never the digits)
 * and the wrong tries so far. Ending the session ends the kiosk (cascade).
 */
export const receptionKiosks = pgTable(
  'reception_kiosks',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => session.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    pinHash: text('pin_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: created(),
  },
  (t) => [check('reception_kiosks_attempts', sql`${t.failedAttempts} >= 0`)],
);
