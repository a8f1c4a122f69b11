import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlLiterals } from '../sql-literals';
import { appointments } from './appointments';

// The messaging room's answers from clients (ADR 055): a tap on "Confirmo" or "Cancelar cita" in a
// WhatsApp message, once per WhatsApp message id. Meta delivers a notification at least once: the
// primary key on its id makes the second delivery act on nothing. Holds no phone or name: the
// appointment says whose it was.

const REPLY_ACTIONS = ['confirm', 'cancel'] as const;
/** What came of it: done, refused inside the policy window, the visit no longer pending, or not hers. */
const REPLY_OUTCOMES = ['confirmed', 'cancelled', 'too_late', 'not_pending', 'not_hers'] as const;

export const messageReplies = pgTable(
  'message_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** WhatsApp's id of her message (wamid…): unique, so a replayed notification acts once. */
    providerMessageId: text('provider_message_id').notNull().unique(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    action: text('action', { enum: REPLY_ACTIONS }).notNull(),
    outcome: text('outcome', { enum: REPLY_OUTCOMES }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_replies_appointment_idx').on(t.appointmentId),
    check('message_replies_action', sql`${t.action} IN (${sqlLiterals(REPLY_ACTIONS)})`),
    check('message_replies_outcome', sql`${t.outcome} IN (${sqlLiterals(REPLY_OUTCOMES)})`),
  ],
);
