import { sql } from 'drizzle-orm';

// The consent status of an appointment row on the staff's views (ADR 041), computed in the same
// statement by the SQL functions of migration 0015_consents: no extra round trip per row.
// Spelled out with the table's name, as the queries that use them select FROM appointments.

const args = sql.raw('appointments.id, appointments.service_id, appointments.client_record_id, appointments.start_time');

/** "Falta consentimiento": a confirmed or completed visit lacks a signed consent its service requires. */
export const consentMissingColumn = sql<boolean>`(appointments.status IN ('confirmed', 'completed') AND consent_missing(${args}))`;

/**
 * The contraindications her valid documents for the visit hold ("¿Estás embarazada? Sí"). Health
 * data: only on views whose rows are the admin's or the appointment's own professional's (the
 * agenda, the day view, the admin's list); `onlyFor` keeps it to one professional's rows elsewhere.
 */
export const contraindicationsColumn = (onlyFor?: string) =>
  onlyFor === undefined
    ? sql<string[]>`consent_contraindications(${args})`
    : sql<string[]>`(CASE WHEN appointments.employee_id = ${onlyFor} THEN consent_contraindications(${args}) ELSE '{}'::text[] END)`;
