import { contraindicationsOf, CONSENT_MSG } from '../../../domain/consents';
import { hasOpenHealthVisit, healthReadDecision, healthReadRefusal, type HealthReadDecision } from '../../../domain/health-access';
import { salonDateOf, SALON_TIME_ZONE } from '../../../domain/salon-time';
import { forbidden, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { isId } from '../../http/params';
import { accessLogOf, clientRecordExists, documentById, documentExists, documentsOfClient, healthVisits, logAccess, salonName, type AccessEntry } from './document-queries';
import { consentPdf } from './pdf';
import { documentsOfToken, documentsOfVisit } from './sign-service';

// Reading signed documents: health data (RGPD art. 9), need-to-know (ADR 041, 051). The client her
// own, the admin any, a professional only for a visit she treats whose service requires that
// consent, from two salon days before it to the day after (domain/health-access.ts); the link only
// its own visit's documents. Every read is logged, and every refused one.

type Ctx = Pick<Deps, 'db' | 'now' | 'messageSecret' | 'log'>;
type Doc = NonNullable<Awaited<ReturnType<typeof documentById>>>;
type Action = AccessEntry['action'];

const today = (ctx: Ctx) => salonDateOf(ctx.now(), SALON_TIME_ZONE);
const reader = (me: SessionUser) => ({ role: me.role, userId: me.id });

/** The rule's answer for this reader and document (her visits with this professional are read only for an employee). */
async function decide(ctx: Ctx, me: SessionUser, doc: { templateId: string; clientRecordId: string; clientUserId: string | null }): Promise<HealthReadDecision> {
  const visits = me.role === 'employee' ? await healthVisits(ctx.db, doc.clientRecordId, me.id) : [];
  return healthReadDecision(reader(me), doc, visits, today(ctx));
}

/** Who reads, as the access log names them: the client herself (her own), the admin, a professional. */
function entryOf(ctx: Ctx, me: SessionUser, doc: Pick<Doc, 'id' | 'clientUserId'>, action: Action, d: HealthReadDecision): AccessEntry {
  const own = doc.clientUserId !== null && doc.clientUserId === me.id;
  return {
    documentId: doc.id,
    viewerUserId: me.id,
    viewerName: me.name,
    viewerKind: own || me.role === 'client' ? 'client' : me.role,
    action,
    outcome: d.allowed ? 'allowed' : 'refused',
    appointmentId: d.allowed ? (d.appointmentId ?? null) : null,
    at: ctx.now(),
  };
}

/** Refused: logged, then a client's "not hers" is 404 (ids cannot be probed), a professional's 403 says why. */
function refusal(me: SessionUser, d: Extract<HealthReadDecision, { allowed: false }>) {
  return me.role === 'employee' ? forbidden(healthReadRefusal(d)) : notFound(CONSENT_MSG.documentNotFound);
}

/** The document, if this signed-in reader may read it now; the read (or the refusal) is logged. */
async function readableBy(ctx: Ctx, me: SessionUser, id: string, action: Action): Promise<Doc> {
  const doc = isId(id) ? await documentById(ctx.db, id) : undefined;
  if (!doc) throw notFound(CONSENT_MSG.documentNotFound);
  const d = await decide(ctx, me, doc);
  await logAccess(ctx.db, [entryOf(ctx, me, doc, action, d)]);
  if (!d.allowed) throw refusal(me, d);
  return doc;
}

/** What a reader sees of a document: its text, questions, her answers, who signed, and the contraindications. */
const documentView = (doc: Doc) => ({
  id: doc.id,
  title: doc.title,
  version: doc.version,
  body: doc.body,
  questions: doc.questions,
  answers: doc.answers,
  signerName: doc.signerName,
  signedAt: doc.signedAt.toISOString(),
  method: doc.method,
  witnessedByName: doc.witnessedByName,
  sha256: doc.sha256,
  clientName: doc.clientName,
  contraindications: contraindicationsOf(doc.questions, doc.answers),
});

export async function readDocument(ctx: Ctx, me: SessionUser, id: string) {
  return { document: documentView(await readableBy(ctx, me, id, 'view')) };
}

async function pdfOf(ctx: Ctx, doc: Doc) {
  const pdf = await consentPdf({ ...doc, salonName: await salonName(ctx.db) });
  return { pdf, fileName: `consentimiento-${doc.signedAt.toISOString().slice(0, 10)}.pdf` };
}

/** The PDF and its file name (consentimiento-<date>.pdf), for a signed-in reader. */
export async function documentPdf(ctx: Ctx, me: SessionUser, id: string) {
  return pdfOf(ctx, await readableBy(ctx, me, id, 'pdf'));
}

/** The PDF by the consent link (its cookie): only one of its own visit's documents (ADR 051); logged as her, "(enlace)". */
export async function documentPdfByLink(ctx: Ctx, token: string | undefined, id: string) {
  // The link is checked before any document is read: a bad one answers the same whatever the id.
  const link = await documentsOfToken(ctx, token);
  const doc = isId(id) ? await documentById(ctx.db, id) : undefined;
  if (!doc) throw notFound(CONSENT_MSG.documentNotFound);
  const allowed = link.documentIds.includes(doc.id);
  await logAccess(ctx.db, [
    {
      documentId: doc.id,
      viewerUserId: null,
      viewerName: `${link.clientName} (enlace)`,
      viewerKind: 'client',
      action: 'pdf',
      outcome: allowed ? 'allowed' : 'refused',
      appointmentId: link.appointmentId,
      at: ctx.now(),
    },
  ]);
  if (!allowed) throw notFound(CONSENT_MSG.documentNotFound);
  return pdfOf(ctx, doc);
}

/**
 * A visit's signed documents with her answers: the professional's "Ver consentimiento" on her
 * card, and the admin's. Someone else's visit is "not found"; a visit outside the rule is 403 with
 * why (and when it opens), logged for each document it would have shown.
 */
export async function visitDocuments(ctx: Ctx, me: SessionUser, appointmentId: string) {
  const v = isId(appointmentId) ? await documentsOfVisit(ctx.db, appointmentId) : undefined;
  if (!v || (me.role !== 'admin' && v.appointment.employeeId !== me.id)) throw notFound(CONSENT_MSG.appointmentNotFound);
  const docs = (await Promise.all(v.documentIds.map((id) => documentById(ctx.db, id)))).filter((d): d is Doc => d !== undefined);
  const decisions = await Promise.all(docs.map((doc) => decide(ctx, me, doc)));
  await logAccess(
    ctx.db,
    docs.map((doc, i) => entryOf(ctx, me, doc, 'view', decisions[i]!)),
  );
  const refused = decisions.find((d): d is Extract<HealthReadDecision, { allowed: false }> => !d.allowed);
  if (refused) throw refusal(me, refused);
  const a = v.appointment;
  return {
    appointment: { id: a.id, serviceName: a.serviceName, startTime: a.startTime.toISOString(), clientName: a.clientName, consentRequired: v.required.length > 0 },
    documents: docs.map(documentView),
  };
}

const listed = (rows: Awaited<ReturnType<typeof documentsOfClient>>) =>
  rows.map(({ templateId: _t, clientUserId: _u, ...r }) => ({ ...r, signedAt: r.signedAt.toISOString() }));

/** "Tus consentimientos": the signed-in client's own documents. */
export async function myDocuments(ctx: Ctx, me: SessionUser) {
  const rows = await documentsOfClient(ctx.db, { userId: me.id });
  return { documents: rows.map((r) => ({ id: r.id, title: r.title, signedAt: r.signedAt.toISOString() })) };
}

/**
 * A client record's documents for the staff: the admin all; a professional those the rule opens
 * to her now (her own when she is that client), an empty list when a visit of hers asks for a
 * consent not yet signed, else 403, each document's refusal logged.
 */
export async function clientDocuments(ctx: Ctx, me: SessionUser, clientRecordId: string) {
  if (!isId(clientRecordId) || !(await clientRecordExists(ctx.db, clientRecordId))) throw notFound();
  const rows = await documentsOfClient(ctx.db, { clientRecordId });
  if (me.role === 'admin') return { documents: listed(rows) };
  const visits = await healthVisits(ctx.db, clientRecordId, me.id);
  const decisions = rows.map((r) => healthReadDecision(reader(me), { templateId: r.templateId, clientUserId: r.clientUserId }, visits, today(ctx)));
  const open = rows.filter((_r, i) => decisions[i]!.allowed);
  if (open.length > 0 || hasOpenHealthVisit(reader(me), visits, today(ctx))) return { documents: listed(open) };
  await logAccess(
    ctx.db,
    rows.map((r, i) => entryOf(ctx, me, { id: r.id, clientUserId: r.clientUserId }, 'list', decisions[i]!)),
  );
  throw forbidden(CONSENT_MSG.notYourClient);
}

/** Who read a document, or tried (admin only). */
export async function documentAccessLog(ctx: Ctx, id: string) {
  if (!isId(id) || !(await documentExists(ctx.db, id))) throw notFound(CONSENT_MSG.documentNotFound);
  const rows = await accessLogOf(ctx.db, id);
  return { entries: rows.map(({ visitStart, ...r }) => ({ ...r, at: r.at.toISOString(), visitStart: visitStart?.toISOString() ?? null })) };
}
