import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitConsentCalls } from '../components/visit-consent-calls';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../lib/api';

// Signed consents (ADR 041, 051; the server room src/server/features/consents): the admin's
// templates, the signing form (from the mailed link, or at reception for an appointment),
// the signed documents of a client and of the signed-in client ("Tus consentimientos"). Types come
// from the server's routes; nothing is hand-copied.

const LOAD_FAILED = 'No se pudieron cargar los consentimientos.';
const SAVE_FAILED = 'No se pudo guardar el consentimiento.';
const SIGN_FAILED = 'No se pudo firmar. Revisa tu conexión e inténtalo de nuevo.';

const templates = api.admin['consent-templates'];
const byLink = api.consents.link;
const atReception = api['front-desk'].appointments[':id'].consent;

export type ConsentTemplate = InferResponseType<typeof templates.$get, 200>['templates'][number];
export type TemplateInput = InferRequestType<typeof templates.$post>['json'];
export type Question = ConsentTemplate['questions'][number];
export type Validity = ConsentTemplate['validity'];
export type SigningData = InferResponseType<typeof byLink.$get, 200>;
export type SignInput = InferRequestType<typeof atReception.$post>['json'];
export type Answer = SignInput['answers'][number];
export type MyConsent = InferResponseType<(typeof api)['my-account']['consents']['$get'], 200>['documents'][number];
export type ClientConsent = InferResponseType<(typeof api)['front-desk']['clients'][':id']['consents']['$get'], 200>['documents'][number];
export type ConsentDocument = InferResponseType<(typeof api.consents.documents)[':id']['$get'], 200>['document'];
export type AccessEntry = InferResponseType<(typeof api.admin)['consent-documents'][':id']['access-log']['$get'], 200>['entries'][number];

// --- Admin: templates -------------------------------------------------------------------------

export const consentTemplatesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'consent-templates'] as const,
    queryFn: async () => (await call(templates.$get(), LOAD_FAILED)).templates,
  });

export const saveConsentTemplate = (id: string | null, json: TemplateInput) =>
  call(id ? templates[':id'].$put({ param: { id }, json }) : templates.$post({ json }), SAVE_FAILED);

// --- Signing ---------------------------------------------------------------------------------

/**
 * Where the form reads and posts: the mailed link (its token is in an HttpOnly cookie the server set
 * when the link was opened, ADR 051: no token in any address), or an appointment at reception (staff).
 */
export type SigningTarget = { kind: 'link' } | { kind: 'reception'; appointmentId: string };

export const signingQuery = (target: SigningTarget) =>
  queryOptions({
    queryKey: ['consents', 'signing', target.kind, target.kind === 'link' ? '' : target.appointmentId] as const,
    queryFn: (): Promise<SigningData> =>
      target.kind === 'link' ? call(byLink.$get(), LOAD_FAILED) : call(atReception.$get({ param: { id: target.appointmentId } }), LOAD_FAILED),
    retry: false,
  });

/** `appointmentId`: the visit the form showed (the link's cookie may since hold another visit's). */
export const signConsent = (target: SigningTarget, appointmentId: string, json: SignInput) =>
  target.kind === 'link'
    ? call(byLink.$post({ json: { ...json, appointmentId } }), SIGN_FAILED)
    : call(atReception.$post({ param: { id: target.appointmentId }, json }), SIGN_FAILED);

/** The PDF of a signed document: by the link (the client, no login), or as a signed-in reader. */
export const documentPdfUrl = (documentId: string, target?: SigningTarget) =>
  target?.kind === 'link'
    ? `/api/consents/link/documents/${encodeURIComponent(documentId)}/pdf`
    : `/api/consents/documents/${encodeURIComponent(documentId)}/pdf`;

// --- Reading documents -----------------------------------------------------------------------

/** "Tus consentimientos" in Mis Citas. */
export const myConsentsQuery = () =>
  queryOptions({
    queryKey: ['my-consents'] as const,
    queryFn: async () => (await call(api['my-account'].consents.$get(), LOAD_FAILED)).documents,
  });

/** A client's documents on her record (staff; 403 for an employee without an appointment with her). */
export const clientConsentsQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['consents', 'client', clientId] as const,
    queryFn: async () => (await call(api['front-desk'].clients[':id'].consents.$get({ param: { id: clientId } }), LOAD_FAILED)).documents,
    retry: false,
  });

/** One document with its answers (each read is written to the access log on the server). */
export const consentDocumentQuery = (id: string) =>
  queryOptions({
    queryKey: ['consents', 'document', id] as const,
    queryFn: async () => (await call(api.consents.documents[':id'].$get({ param: { id } }), LOAD_FAILED)).document,
    retry: false,
    staleTime: Infinity,
  });

/** Who read a document, when and how (admin): the access log the server writes on each read. */
export const accessLogQuery = (id: string) =>
  queryOptions({
    queryKey: ['consents', 'access-log', id] as const,
    queryFn: async () => (await call(api.admin['consent-documents'][':id']['access-log'].$get({ param: { id } }), LOAD_FAILED)).entries,
    staleTime: 0,
  });

/** A visit's signed documents with her answers (ADR 051): read on demand, each read logged on the server. */
export const visitDocumentsQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: ['consents', 'visit', appointmentId] as const,
    queryFn: () => call(api.consents.appointments[':id'].documents.$get({ param: { id: appointmentId } }), LOAD_FAILED),
    retry: false,
    staleTime: Infinity,
  });

/** What the visit card's "Ver consentimiento" (components/visit-consent.tsx) is handed: the agenda and the day view. */
export const visitConsentCalls: VisitConsentCalls = {
  useVisitDocuments: (appointmentId) => useQuery(visitDocumentsQuery(appointmentId)),
  pdfUrl: (documentId) => documentPdfUrl(documentId),
};

// --- Signing at reception as a kiosk (ADR 068) -------------------------------------------------

const KIOSK_FAILED = 'No se pudo cambiar el modo de la tableta. Inténtalo de nuevo.';

/** Locks this session to the visit's signing form, with the PIN that ends it. */
export const startKiosk = (appointmentId: string, pin: string) => call(api.kiosk.$post({ json: { appointmentId, pin } }), KIOSK_FAILED);

/** The visit the kiosk shows (404 when the session is not a kiosk). */
export const kioskQuery = () =>
  queryOptions({ queryKey: ['kiosk'] as const, queryFn: () => call(api.kiosk.$get(), LOAD_FAILED), retry: false, staleTime: Infinity });

/** "Terminar": the PIN gives the tablet back (ApiRequestError kiosk_pin / kiosk_attempts otherwise). */
export const endKiosk = (pin: string) => call(api.kiosk.end.$post({ json: { pin } }), KIOSK_FAILED);
