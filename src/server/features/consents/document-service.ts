import { contraindicationsOf, CONSENT_MSG } from '../../../domain/consents';
import { forbidden, notFound } from '../../http/errors';
import type { Deps, SessionUser } from '../../http/env';
import { isId } from '../../http/params';
import { accessLogOf, clientRecordExists, documentById, documentExists, documentsOfClient, employeeHasClient, logAccess, salonName } from './document-queries';
import { consentPdf } from './pdf';
import { recordOfToken } from './sign-service';

// Reading signed documents (ADR 041, RGPD art. 9): the client her own, the admin any, an employee
// those of a client she has (had or will have) an appointment with. Each read is logged.

type Ctx = Pick<Deps, 'db' | 'now' | 'messageSecret' | 'log'>;
type Doc = NonNullable<Awaited<ReturnType<typeof documentById>>>;
type Viewer = { user: SessionUser } | { token: string };

/** The document, if this viewer may read it; a client's "not hers" is 404 (ids cannot be probed), an employee's 403. */
async function readable(ctx: Ctx, viewer: Viewer, id: string): Promise<Doc> {
  // A link is checked before any document is read: a bad one answers the same whatever the id.
  const linkRecord = 'token' in viewer ? await recordOfToken(ctx, viewer.token) : undefined;
  const doc = isId(id) ? await documentById(ctx.db, id) : undefined;
  if (!doc) throw notFound(CONSENT_MSG.documentNotFound);
  if ('token' in viewer) {
    if (linkRecord !== doc.clientRecordId) throw notFound(CONSENT_MSG.documentNotFound);
    return doc;
  }
  const { user } = viewer;
  // Her own, whatever her role: an employee may be a client of the salon too.
  if (user.role === 'admin' || (doc.clientUserId !== null && doc.clientUserId === user.id)) return doc;
  if (user.role === 'employee') {
    if (!(await employeeHasClient(ctx.db, user.id, doc.clientRecordId))) throw forbidden(CONSENT_MSG.notYourClient);
    return doc;
  }
  throw notFound(CONSENT_MSG.documentNotFound);
}

async function record(ctx: Ctx, viewer: Viewer, doc: Doc, action: 'view' | 'pdf') {
  const at = ctx.now();
  if ('token' in viewer) {
    await logAccess(ctx.db, { documentId: doc.id, viewerUserId: null, viewerName: `${doc.clientName} (enlace)`, viewerKind: 'client', action, at });
    return;
  }
  const own = doc.clientUserId !== null && doc.clientUserId === viewer.user.id;
  const kind = own ? 'client' : viewer.user.role === 'admin' ? 'admin' : viewer.user.role === 'employee' ? 'employee' : 'client';
  await logAccess(ctx.db, { documentId: doc.id, viewerUserId: viewer.user.id, viewerName: viewer.user.name, viewerKind: kind, action, at });
}

export async function readDocument(ctx: Ctx, me: SessionUser, id: string) {
  const viewer = { user: me };
  const doc = await readable(ctx, viewer, id);
  await record(ctx, viewer, doc, 'view');
  return {
    document: {
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
    },
  };
}

/** The PDF and its file name (consentimiento-<date>.pdf). */
export async function documentPdf(ctx: Ctx, viewer: Viewer, id: string) {
  const doc = await readable(ctx, viewer, id);
  await record(ctx, viewer, doc, 'pdf');
  const pdf = await consentPdf({ ...doc, salonName: await salonName(ctx.db) });
  return { pdf, fileName: `consentimiento-${doc.signedAt.toISOString().slice(0, 10)}.pdf` };
}

const listed = (rows: Awaited<ReturnType<typeof documentsOfClient>>) => rows.map((r) => ({ ...r, signedAt: r.signedAt.toISOString() }));

/** "Tus consentimientos": the signed-in client's own documents. */
export async function myDocuments(ctx: Ctx, me: SessionUser) {
  const rows = await documentsOfClient(ctx.db, { userId: me.id });
  return { documents: rows.map((r) => ({ id: r.id, title: r.title, signedAt: r.signedAt.toISOString() })) };
}

/** A client record's documents for the staff: admin, or an employee with an appointment with her (else 403). */
export async function clientDocuments(ctx: Ctx, me: SessionUser, clientRecordId: string) {
  if (!isId(clientRecordId) || !(await clientRecordExists(ctx.db, clientRecordId))) throw notFound();
  if (me.role !== 'admin' && !(await employeeHasClient(ctx.db, me.id, clientRecordId))) throw forbidden(CONSENT_MSG.notYourClient);
  return { documents: listed(await documentsOfClient(ctx.db, { clientRecordId })) };
}

/** Who read a document (admin only). */
export async function documentAccessLog(ctx: Ctx, id: string) {
  if (!isId(id) || !(await documentExists(ctx.db, id))) throw notFound(CONSENT_MSG.documentNotFound);
  const rows = await accessLogOf(ctx.db, id);
  return { entries: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
}
