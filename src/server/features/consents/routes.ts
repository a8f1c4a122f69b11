import { Hono } from 'hono';
import { z } from 'zod';
import { CONSENT_MSG, QUESTION_KINDS } from '../../../domain/consents';
import { MSG } from '../../../domain/texts/common';
import { STAFF_ROLES } from '../../../domain/roles';
import type { AppEnv, Deps } from '../../http/env';
import { requireRole, requireUser } from '../../http/guards';
import { IdParam, lookupId } from '../../http/params';
import { validate } from '../../http/validate';
import { clientDocuments, documentAccessLog, documentPdf, documentPdfByLink, myDocuments, readDocument, visitDocuments } from './document-service';
import { linkToken } from './link-routes';
import { SIGNATURE_DATA_URL_MAX } from './signature';
import { consentFormAtReception, consentFormByToken, signAtReception, signByToken } from './sign-service';
import { createTemplate, editTemplate, listTemplates } from './template-service';

// Signed consents and health questions (ADR 041). Bounds here are only against abuse (a body
// within them is checked with its Spanish message by the domain: domain/consents.ts).

const Question = z.strictObject({
  id: z.string({ error: CONSENT_MSG.questionInvalid }).max(100, CONSENT_MSG.questionInvalid),
  text: z.string({ error: CONSENT_MSG.questionInvalid }).max(1000, CONSENT_MSG.questionInvalid),
  kind: z.enum(QUESTION_KINDS, CONSENT_MSG.questionInvalid),
  askDetail: z.boolean({ error: CONSENT_MSG.questionInvalid }),
  contraindication: z.boolean({ error: CONSENT_MSG.questionInvalid }),
});
const Validity = z.discriminatedUnion(
  'kind',
  [z.strictObject({ kind: z.literal('visit') }), z.strictObject({ kind: z.literal('months'), months: z.number({ error: CONSENT_MSG.validityRange }) })],
  { error: CONSENT_MSG.validityRange },
);
const TemplateBody = z.strictObject({
  title: z.string({ error: CONSENT_MSG.titleRequired }).max(1000, CONSENT_MSG.titleTooLong),
  body: z.string({ error: CONSENT_MSG.bodyRequired }).max(40_000, CONSENT_MSG.bodyTooLong),
  questions: z.array(Question, { error: CONSENT_MSG.questionInvalid }).max(100, CONSENT_MSG.questionsTooMany),
  validity: Validity,
  serviceIds: z.array(lookupId, { error: CONSENT_MSG.serviceUnknown }).max(100, CONSENT_MSG.serviceUnknown),
  active: z.boolean({ error: MSG.invalidInput }).optional(),
});

const Answer = z.strictObject({
  questionId: z.string({ error: CONSENT_MSG.answerUnknownQuestion }).max(100, CONSENT_MSG.answerUnknownQuestion),
  value: z.union([z.boolean(), z.string().max(2000, CONSENT_MSG.answerTooLong)], { error: CONSENT_MSG.answerWrongKind }),
  detail: z.string({ error: CONSENT_MSG.answerWrongKind }).max(2000, CONSENT_MSG.answerTooLong).optional(),
});
const SignBody = z.strictObject({
  templateVersionId: z.string({ error: CONSENT_MSG.notRequired }).max(100, CONSENT_MSG.notRequired),
  answers: z.array(Answer, { error: CONSENT_MSG.answersIncomplete }).max(100, CONSENT_MSG.answerUnknownQuestion),
  healthDataConsent: z.literal(true, { error: CONSENT_MSG.healthConsentRequired }),
  signerName: z.string({ error: CONSENT_MSG.signerNameRequired }).max(1000, CONSENT_MSG.signerNameTooLong),
  signature: z.string({ error: CONSENT_MSG.signatureRequired }).max(SIGNATURE_DATA_URL_MAX, CONSENT_MSG.signatureTooLarge),
});

/** By the link, the visit the page showed (ADR 051: the cookie may since hold another visit's link). */
const LinkSignBody = SignBody.extend({ appointmentId: z.string({ error: CONSENT_MSG.linkChanged }).max(100, CONSENT_MSG.linkChanged) });

/** The signing routes' body limit (app.ts): a 200 KB PNG as base64, with the answers around it. */
export const SIGN_BODY_LIMIT = SIGNATURE_DATA_URL_MAX + 64 * 1024;
/** The paths (under /api) whose POST carries a signature. */
export const isSigningPath = (path: string) => path === '/api/consents/link' || /^\/api\/front-desk\/appointments\/[^/]+\/consent$/.test(path);

const LinkDocParam = z.strictObject({ documentId: lookupId });
const staff = () => requireRole(...STAFF_ROLES);

type Ctx = Pick<Deps, 'db' | 'now' | 'messageSecret' | 'log'>;

const pdfResponse = (r: { pdf: Buffer; fileName: string }) =>
  new Response(new Uint8Array(r.pdf), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${r.fileName}"`, 'Cache-Control': 'no-store' },
  });

/**
 * /api/admin/consent-templates (admin):
 *   GET / · POST / {title, body, questions, validity, serviceIds, active?} · PUT /:id (new version when the text changed)
 */
export const adminConsentTemplatesRoutes = (deps: Ctx) =>
  new Hono<AppEnv>()
    .get('/', requireRole('admin'), async (c) => c.json(await listTemplates(deps)))
    .post('/', requireRole('admin'), validate('json', TemplateBody), async (c) => c.json(await createTemplate(deps, c.get('user'), c.req.valid('json')), 201))
    .put('/:id', requireRole('admin'), validate('param', IdParam), validate('json', TemplateBody), async (c) =>
      c.json(await editTemplate(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json'))),
    );

/** /api/admin/consent-documents/:id/access-log (admin): who read a document, when, how. */
export const adminConsentDocumentsRoutes = (deps: Ctx) =>
  new Hono<AppEnv>().get('/:id/access-log', requireRole('admin'), validate('param', IdParam), async (c) => c.json(await documentAccessLog(deps, c.req.valid('param').id)));

/**
 * /api/consents:
 *   GET  /link                              the consent form of the link's visit (no login: the link's cookie, link-routes.ts)
 *   POST /link                              sign it {appointmentId, templateVersionId, answers, healthDataConsent, signerName, signature}
 *   GET  /link/documents/:documentId/pdf    one of that visit's signed documents
 *   GET  /appointments/:id/documents        a visit's signed documents with her answers (the admin; her professional, ADR 051)
 *   GET  /documents/:id · /documents/:id/pdf a signed document (its client, the admin, her professional within the rule)
 */
export const consentsRoutes = (deps: Ctx) =>
  new Hono<AppEnv>()
    .get('/link', async (c) => c.json(await consentFormByToken(deps, linkToken(c))))
    .post('/link', validate('json', LinkSignBody), async (c) => c.json(await signByToken(deps, linkToken(c), c.req.valid('json')), 201))
    .get('/link/documents/:documentId/pdf', validate('param', LinkDocParam), async (c) =>
      pdfResponse(await documentPdfByLink(deps, linkToken(c), c.req.valid('param').documentId)),
    )
    .get('/appointments/:id/documents', staff(), validate('param', IdParam), async (c) => c.json(await visitDocuments(deps, c.get('user'), c.req.valid('param').id)))
    .get('/documents/:id', requireUser(), validate('param', IdParam), async (c) => c.json(await readDocument(deps, c.get('user'), c.req.valid('param').id)))
    .get('/documents/:id/pdf', requireUser(), validate('param', IdParam), async (c) => pdfResponse(await documentPdf(deps, c.get('user'), c.req.valid('param').id)));

/**
 * Mounted at /api/front-desk beside the front desk's own routes (staff):
 *   GET/POST /appointments/:id/consent   signing at reception (method 'recepcion'; the witness: the admin or her professional, mayWitness)
 *   GET      /clients/:id/consents       a client record's documents (the admin; her professional within the rule, ADR 051)
 */
export const consentsFrontDeskRoutes = (deps: Ctx) =>
  new Hono<AppEnv>()
    .get('/appointments/:id/consent', staff(), validate('param', IdParam), async (c) => c.json(await consentFormAtReception(deps, c.get('user'), c.req.valid('param').id)))
    .post('/appointments/:id/consent', staff(), validate('param', IdParam), validate('json', SignBody), async (c) =>
      c.json(await signAtReception(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .get('/clients/:id/consents', staff(), validate('param', IdParam), async (c) => c.json(await clientDocuments(deps, c.get('user'), c.req.valid('param').id)));

/** Mounted at /api/my-account: GET /consents, "Tus consentimientos". */
export const myConsentsRoutes = (deps: Ctx) => new Hono<AppEnv>().get('/consents', requireUser(), async (c) => c.json(await myDocuments(deps, c.get('user'))));
