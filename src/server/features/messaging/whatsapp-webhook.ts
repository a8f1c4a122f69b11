import { z } from 'zod';
import { whatsappNumber } from '../../../domain/mobile-phone';
import type { ReplyKind } from '../../../domain/notification-rules';
import type { Deps } from '../../http/env';
import { applyReceiptSoon, RECEIPT_STATUSES, type ReceiptStatus } from '../../notifications/delivery-status';
import { enqueueDelivery } from '../../notifications/enqueue';
import { shortText } from '../../notifications/provider-errors';
import { readReplyPayload } from '../../notifications/tokens';
import { claimReply, settleReply, visitById } from './queries';
import { announce, answerVisit, type Answer, type Answered } from './replies';

// Meta's notifications to /api/webhooks/whatsapp, once their signature is checked (ADR 055): a tap
// on a quick-reply button ("Confirmo", "Cancelar cita") and the delivery statuses of what we sent.
// Read leniently (Meta adds fields) but bounded; whatever is not ours, or not understood, changes
// nothing. Each notification may come more than once: a button acts once per WhatsApp message id.

type Ctx = Pick<Deps, 'db' | 'now' | 'realtime' | 'messageSecret' | 'config'>;

const text = (max: number) => z.string().max(max);
const Change = z.object({
  field: text(60),
  value: z.object({
    metadata: z.object({ phone_number_id: text(40) }),
    messages: z.array(z.unknown()).max(200).optional(),
    statuses: z.array(z.unknown()).max(200).optional(),
  }),
});
export const Notification = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ changes: z.array(z.unknown()).max(200) })).max(200),
});
const ButtonMessage = z.object({
  from: z.string().regex(/^\d{6,20}$/),
  id: text(300).min(1),
  type: z.literal('button'),
  button: z.object({ payload: text(300) }),
});
const StatusUpdate = z.object({
  id: text(300).min(1),
  status: text(40),
  errors: z.array(z.object({ code: z.number().optional(), title: text(1000).optional() })).max(20).optional(),
});

/** The reply to her answer, by WhatsApp; a cancellation done is answered by its own message. */
const REPLY: Record<Answer, ReplyKind | null> = {
  confirmed: 'reply_confirmed',
  cancelled: null,
  too_late: 'reply_cancel_refused',
  not_pending: 'reply_not_pending',
};

/**
 * Her tap on a button of one of our templates. It acts only when the payload is ours (signed), the
 * WhatsApp number it came from is the one on that visit's client record, and this message id was
 * not handled before.
 */
async function onButton(ctx: Ctx, m: z.infer<typeof ButtonMessage>): Promise<void> {
  const ref = readReplyPayload(ctx.messageSecret, m.button.payload);
  if (!ref) return; // not one of ours
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx): Promise<Answered | null> => {
    if (!(await claimReply(tx, { providerMessageId: m.id, appointmentId: ref.appointmentId, action: ref.action }))) return null;
    const visit = await visitById(tx, ref.appointmentId, true);
    if (!visit) return null;
    // Another number than hers: a forwarded message, or someone else's. Nothing happens, nothing is answered.
    if (!visit.phone || whatsappNumber(visit.phone) !== m.from) {
      await settleReply(tx, m.id, 'not_hers');
      return null;
    }
    const answered = await answerVisit(tx, now, ref, ref.action);
    if (!answered) return null;
    await settleReply(tx, m.id, answered.answer);
    const reply = REPLY[answered.answer];
    if (reply) await enqueueDelivery(tx, { appointmentId: visit.id, kind: reply, recipient: 'client', version: ref.version });
    return answered;
  });
  await announce(ctx, done);
}

async function onStatus(ctx: Ctx, s: z.infer<typeof StatusUpdate>): Promise<void> {
  if (!(RECEIPT_STATUSES as readonly string[]).includes(s.status)) return;
  const error = s.errors?.[0];
  const failure = error ? `WhatsApp (${error.code ?? '?'}): ${shortText(error.title)}` : null;
  const configured = { whatsapp: !!ctx.config.whatsapp, sms: !!ctx.config.sms };
  await applyReceiptSoon(ctx.db, configured, { channel: 'whatsapp', providerId: s.id, status: s.status as ReceiptStatus, failure });
}

/** Everything a verified notification asks, for our phone number only; what is not understood is skipped. */
export async function handleNotification(ctx: Ctx, body: z.infer<typeof Notification>, phoneNumberId: string): Promise<void> {
  for (const entry of body.entry) {
    for (const raw of entry.changes) {
      const change = Change.safeParse(raw);
      if (!change.success || change.data.field !== 'messages' || change.data.value.metadata.phone_number_id !== phoneNumberId) continue;
      for (const m of change.data.value.messages ?? []) {
        const button = ButtonMessage.safeParse(m);
        if (button.success) await onButton(ctx, button.data);
      }
      for (const s of change.data.value.statuses ?? []) {
        const status = StatusUpdate.safeParse(s);
        if (status.success) await onStatus(ctx, status.data);
      }
    }
  }
}
