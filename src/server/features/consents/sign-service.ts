import {
  answersError,
  canonicalDocument,
  type CanonicalDocument,
  CONSENT_MSG,
  coversVisit,
  normaliseAnswers,
  signerNameError,
  type ConsentAnswer,
  type SignMethod,
} from '../../../domain/consents';
import { consentLinkAccess, mayWitness } from '../../../domain/health-access';
import { SALON_TIME_ZONE, salonDateOf } from '../../../domain/salon-time';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { isId } from '../../http/params';
import { verifyConsentSignToken } from '../../notifications/consent-tokens';
import { appointmentForSigning, documentsOfRecord, insertDocument, requiredTemplates, salonName, versionById, type NewDocument } from './document-queries';
import { parseSignature, sha256Hex } from './signature';

// Signing a consent for an appointment (ADR 041, 051): by the client from her link (/firma/<token>,
// traded for a cookie: link-routes.ts; method 'online'), or on the reception tablet with the admin
// or her professional as witness ('recepcion').

type Ctx = Pick<Deps, 'db' | 'now' | 'messageSecret' | 'log'>;
type Appointment = NonNullable<Awaited<ReturnType<typeof appointmentForSigning>>>;

export type SignBody = { templateVersionId: string; answers: ConsentAnswer[]; healthDataConsent: true; signerName: string; signature: string };

/** The templates the visit requires, split into those still to sign and the documents that cover it. */
async function formState(db: Db | Tx, a: Appointment) {
  const required = await requiredTemplates(db, a.serviceId);
  const docs = a.clientRecordId ? await documentsOfRecord(db, a.clientRecordId, required.map((t) => t.templateId)) : [];
  const visit = { appointmentId: a.id, day: salonDateOf(a.startTime, SALON_TIME_ZONE) };
  const pending: typeof required = [];
  const signed: Array<{ documentId: string; title: string; signedAt: string }> = [];
  for (const t of required) {
    const covering = docs.find((d) => d.templateId === t.templateId && coversVisit({ ...d, currentVersion: t.version }, visit));
    if (covering) signed.push({ documentId: covering.id, title: covering.title, signedAt: covering.signedAt.toISOString() });
    else pending.push(t);
  }
  return { required, pending, signed };
}

async function answerOf(ctx: Ctx, a: Appointment) {
  const { pending, signed } = await formState(ctx.db, a);
  return {
    salonName: await salonName(ctx.db),
    clientName: a.clientName,
    appointment: { id: a.id, serviceName: a.serviceName, startTime: a.startTime.toISOString(), employeeName: a.employeeName },
    pending: pending.map((t) => ({ templateId: t.templateId, templateVersionId: t.templateVersionId, title: t.title, body: t.body, questions: t.questions })),
    signed,
    /** False: the link's visit is over (its day lasts): its signed documents only, nothing to sign. */
    signable: true,
  };
}

/**
 * The link's appointment and what it opens now (ADR 051, domain/health-access.ts consentLinkAccess):
 * its generation must be the visit's (a move to another service raised it), and a closed link, a
 * cancelled visit or a bad token all look like a bad link. `need`: 'sign' for the form's POST.
 */
async function appointmentOfToken(ctx: Ctx, token: string | undefined, need: 'sign' | 'read', lock?: Tx) {
  const link = token ? verifyConsentSignToken(ctx.messageSecret, token) : null;
  const a = link ? await appointmentForSigning(lock ?? ctx.db, link.appointmentId, !!lock) : undefined;
  const access = a && a.consentLinkGeneration === link!.generation ? consentLinkAccess(a, ctx.now()) : 'closed';
  if (!a || !a.clientRecordId || access === 'closed' || (need === 'sign' && access !== 'sign')) throw notFound(CONSENT_MSG.linkInvalid);
  return { a, access };
}

/**
 * At reception: a confirmed appointment, any time (she is in the salon), witnessed by who may
 * (mayWitness: the admin, or the professional who treats her); anyone else's is "not found".
 */
async function appointmentAtReception(ctx: Ctx, me: SessionUser, id: string, lock?: Tx) {
  const a = isId(id) ? await appointmentForSigning(lock ?? ctx.db, id, !!lock) : undefined;
  if (!a || a.status !== 'confirmed' || !a.clientRecordId || !mayWitness(me.role, me.id, { employeeUserId: a.employeeId })) throw notFound(CONSENT_MSG.appointmentNotFound);
  return a;
}

/** The link's form: the consents still to sign while it may be signed, and the visit's signed documents. */
export async function consentFormByToken(ctx: Ctx, token: string | undefined) {
  const { a, access } = await appointmentOfToken(ctx, token, 'read');
  const form = await answerOf(ctx, a);
  return access === 'sign' ? form : { ...form, pending: [], signable: false };
}

export async function consentFormAtReception(ctx: Ctx, me: SessionUser, appointmentId: string) {
  return answerOf(ctx, await appointmentAtReception(ctx, me, appointmentId));
}

/** The documents a link opens (ADR 051): its own visit's, those that cover it; and her record and name for the access log. */
export async function documentsOfToken(ctx: Ctx, token: string | undefined) {
  const { a } = await appointmentOfToken(ctx, token, 'read');
  const { signed } = await formState(ctx.db, a);
  return { documentIds: signed.map((d) => d.documentId), appointmentId: a.id, clientName: a.clientName };
}

/** The documents that cover a visit (its own signed consents): the professional's "Ver consentimiento". */
export async function documentsOfVisit(db: Db, appointmentId: string) {
  const a = await appointmentForSigning(db, appointmentId);
  if (!a) return undefined;
  const { required, signed } = await formState(db, a);
  return { appointment: a, required, documentIds: signed.map((d) => d.documentId) };
}

/** Everything about the body that needs no database: a 400 with its Spanish text, nothing stored. */
function checkBody(body: SignBody) {
  if (body.healthDataConsent !== true) throw badRequest(CONSENT_MSG.healthConsentRequired);
  const signerName = body.signerName.trim();
  const nameFault = signerNameError(signerName);
  if (nameFault) throw badRequest(nameFault);
  const signature = parseSignature(body.signature);
  if (!signature.ok) throw badRequest(signature.message);
  if (!isId(body.templateVersionId)) throw badRequest(CONSENT_MSG.notRequired);
  return { signerName, png: signature.png };
}

async function sign(ctx: Ctx, find: (tx: Tx) => Promise<Appointment>, body: SignBody, method: SignMethod, witness: SessionUser | null) {
  const { signerName, png } = checkBody(body);
  const now = ctx.now();
  const documentId = await ctx.db.transaction(async (tx) => {
    // The appointment's row lock: two signatures at once for one visit, one wins.
    const a = await find(tx);
    const { required, pending } = await formState(tx, a);
    const wanted = pending.find((t) => t.templateVersionId === body.templateVersionId);
    if (!wanted) {
      // Why not: only now is the version itself read.
      const version = await versionById(tx, body.templateVersionId);
      if (!version || !required.some((t) => t.templateId === version.templateId)) throw badRequest(CONSENT_MSG.notRequired);
      if (version.version !== version.currentVersion) throw conflict(CONSENT_MSG.outdatedVersion, 'outdated_version');
      throw conflict(CONSENT_MSG.alreadySigned, 'already_signed');
    }
    const fault = answersError(wanted.questions, body.answers);
    if (fault) throw badRequest(fault);
    const answers = normaliseAnswers(wanted.questions, body.answers);
    const doc = {
      clientRecordId: a.clientRecordId!,
      appointmentId: a.id,
      templateId: wanted.templateId,
      templateVersionId: wanted.templateVersionId,
      answers,
      signaturePng: png,
      signerName,
      signedAt: now,
      method,
      witnessedByUserId: witness?.id ?? null,
      witnessedByName: witness?.name ?? null,
    };
    const sha256 = sha256Hex(documentCanonical({ ...doc, title: wanted.title, body: wanted.body, questions: wanted.questions }));
    return insertDocument(tx, { ...doc, sha256 });
  });
  // Never the answers: only that a document was signed (ADR 041: no health data in logs).
  ctx.log.info({ documentId, method }, 'consent signed');
  return { documentId };
}

/** The canonical text of a document (its hash's input): the domain's, from what is stored and the version's text. */
export function documentCanonical(
  d: Omit<NewDocument, 'clientRecordId' | 'witnessedByName' | 'sha256'> & Pick<CanonicalDocument, 'title' | 'body' | 'questions'>,
): string {
  return canonicalDocument({
    appointmentId: d.appointmentId,
    templateId: d.templateId,
    templateVersionId: d.templateVersionId,
    title: d.title,
    body: d.body,
    questions: d.questions,
    answers: d.answers,
    healthDataConsent: true,
    signatureBase64: d.signaturePng.toString('base64'),
    signerName: d.signerName,
    signedAt: d.signedAt.toISOString(),
    method: d.method,
    witnessedByUserId: d.witnessedByUserId,
  });
}

/**
 * Signing by the link. `appointmentId` is the visit the page showed: a cookie replaced by another
 * visit's link in another tab must not sign this form for that visit.
 */
export function signByToken(ctx: Ctx, token: string | undefined, body: SignBody & { appointmentId: string }) {
  const { appointmentId, ...rest } = body;
  return sign(
    ctx,
    async (tx) => {
      const { a } = await appointmentOfToken(ctx, token, 'sign', tx);
      if (a.id !== appointmentId) throw conflict(CONSENT_MSG.linkChanged, 'link_changed');
      return a;
    },
    rest,
    'online',
    null,
  );
}

export function signAtReception(ctx: Ctx, me: SessionUser, appointmentId: string, body: SignBody) {
  return sign(ctx, (tx) => appointmentAtReception(ctx, me, appointmentId, tx), body, 'recepcion', me);
}
