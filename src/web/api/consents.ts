import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api';

// Signed consents (issue 24, ADR 041; the server room src/server/features/consents): the admin's
// templates, the signing form (from the mailed link's token, or at reception for an appointment),
// the signed documents of a client and of the signed-in client ("Tus consentimientos").
// INTERIM: the shapes below are /work/notes/consents-contract.md's, typed by hand until the server
// branch's routes are in AppType; then they become InferResponseType/InferRequestType of `api`.

const LOAD_FAILED = 'No se pudieron cargar los consentimientos.';
const SAVE_FAILED = 'No se pudo guardar el consentimiento.';
const SIGN_FAILED = 'No se pudo firmar. Revisa tu conexión e inténtalo de nuevo.';

export type Question = { id: string; text: string; kind: 'yesno' | 'text'; askDetail: boolean; contraindication: boolean };
export type Answer = { questionId: string; value: boolean | string; detail?: string };
export type Validity = { kind: 'visit' } | { kind: 'months'; months: number };
export type ConsentTemplate = {
  id: string;
  title: string;
  active: boolean;
  version: number;
  body: string;
  questions: Question[];
  validity: Validity;
  serviceIds: string[];
  signedCount: number;
};
export type TemplateInput = { title: string; body: string; questions: Question[]; validity: Validity; serviceIds: string[]; active?: boolean };
export type SigningData = {
  salonName: string;
  clientName: string;
  appointment: { id: string; serviceName: string; startTime: string; employeeName: string };
  pending: Array<{ templateId: string; templateVersionId: string; title: string; body: string; questions: Question[] }>;
  signed: Array<{ documentId: string; title: string; signedAt: string }>;
};
export type SignInput = { templateVersionId: string; answers: Answer[]; healthDataConsent: true; signerName: string; signature: string };
export type MyConsent = { id: string; title: string; signedAt: string };
export type ClientConsent = { id: string; title: string; version: number; signedAt: string; method: 'online' | 'recepcion'; hasContraindications: boolean };
export type ConsentDocument = {
  id: string;
  title: string;
  version: number;
  body: string;
  questions: Question[];
  answers: Answer[];
  signerName: string;
  signedAt: string;
  method: 'online' | 'recepcion';
  witnessedByName: string | null;
  sha256: string;
  clientName: string;
  contraindications: string[];
};

async function json<T>(path: string, fallback: string, init?: { method: string; body: unknown }): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      credentials: 'same-origin',
      ...(init ? { method: init.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) } : {}),
    });
  } catch {
    throw new ApiRequestError(0, 'network', fallback);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    throw new ApiRequestError(res.status, body.error?.code ?? 'error', body.error?.message ?? fallback);
  }
  return (await res.json()) as T;
}

// --- Admin: templates -------------------------------------------------------------------------

export const consentTemplatesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'consent-templates'] as const,
    queryFn: async () => (await json<{ templates: ConsentTemplate[] }>('/admin/consent-templates', LOAD_FAILED)).templates,
  });

export const saveConsentTemplate = (id: string | null, body: TemplateInput) =>
  json<{ template: ConsentTemplate }>(id ? `/admin/consent-templates/${encodeURIComponent(id)}` : '/admin/consent-templates', SAVE_FAILED, {
    method: id ? 'PUT' : 'POST',
    body,
  });

// --- Signing ---------------------------------------------------------------------------------

/** Where the form reads and posts: the mailed link's token, or an appointment at reception (staff). */
export type SigningTarget = { kind: 'token'; token: string } | { kind: 'reception'; appointmentId: string };

const signPath = (t: SigningTarget) =>
  t.kind === 'token' ? `/consents/sign/${encodeURIComponent(t.token)}` : `/front-desk/appointments/${encodeURIComponent(t.appointmentId)}/consent`;

export const signingQuery = (target: SigningTarget) =>
  queryOptions({
    queryKey: ['consents', 'signing', target.kind, target.kind === 'token' ? target.token : target.appointmentId] as const,
    queryFn: () => json<SigningData>(signPath(target), LOAD_FAILED),
    retry: false,
  });

export const signConsent = (target: SigningTarget, body: SignInput) => json<{ documentId: string }>(signPath(target), SIGN_FAILED, { method: 'POST', body });

/** The PDF of a signed document: by the link's token (the client, no login), or as a signed-in reader. */
export const documentPdfUrl = (documentId: string, target?: SigningTarget) =>
  target?.kind === 'token'
    ? `/api/consents/sign/${encodeURIComponent(target.token)}/documents/${encodeURIComponent(documentId)}/pdf`
    : `/api/consents/documents/${encodeURIComponent(documentId)}/pdf`;

// --- Reading documents -----------------------------------------------------------------------

/** "Tus consentimientos" in Mis Citas. */
export const myConsentsQuery = () =>
  queryOptions({
    queryKey: ['my-consents'] as const,
    queryFn: async () => (await json<{ documents: MyConsent[] }>('/my-account/consents', LOAD_FAILED)).documents,
  });

/** A client's documents on her record (staff; 403 for an employee without an appointment with her). */
export const clientConsentsQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['consents', 'client', clientId] as const,
    queryFn: async () => (await json<{ documents: ClientConsent[] }>(`/front-desk/clients/${encodeURIComponent(clientId)}/consents`, LOAD_FAILED)).documents,
    retry: false,
  });

/** One document with its answers (each read is written to the access log on the server). */
export const consentDocumentQuery = (id: string) =>
  queryOptions({
    queryKey: ['consents', 'document', id] as const,
    queryFn: async () => (await json<{ document: ConsentDocument }>(`/consents/documents/${encodeURIComponent(id)}`, LOAD_FAILED)).document,
    retry: false,
    staleTime: Infinity,
  });
