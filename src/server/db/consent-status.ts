import { sql } from 'drizzle-orm';

// The consent status of an appointment row on the staff's views (ADR 041, 051), computed in the
// same statement by the SQL functions of migrations 0015_consents and 0019_health_need_to_know: no
// extra round trip per row. Spelled out with the table's name, as the queries that use them select
// FROM appointments. No answer leaves here: the views show that there are contraindications
// ("Contraindicaciones: ver consentimiento"), and the answers are read, and logged, through the
// consents room (GET /api/consents/appointments/:id/documents).

const args = sql.raw('appointments.id, appointments.service_id, appointments.client_record_id, appointments.start_time');

/** "Falta consentimiento": a confirmed or completed visit lacks a signed consent its service requires. */
export const consentMissingColumn = sql<boolean>`(appointments.status IN ('confirmed', 'completed') AND consent_missing(${args}))`;

/** A signed document covers the visit: the card offers "Ver consentimiento". */
export const consentSignedColumn = sql<boolean>`EXISTS (SELECT 1 FROM consent_documents_of_visit(${args}))`;

/**
 * Whether her valid documents for the visit answer yes to a contraindication: a flag, never the
 * answers. On views whose rows are the admin's or the appointment's own professional's (the
 * agenda, the day view, the admin's list); `onlyFor` keeps it to one professional's rows elsewhere.
 */
export const hasContraindicationsColumn = (onlyFor?: string) =>
  onlyFor === undefined
    ? sql<boolean>`(cardinality(consent_contraindications(${args})) > 0)`
    : sql<boolean>`(appointments.employee_id = ${onlyFor} AND cardinality(consent_contraindications(${args})) > 0)`;
