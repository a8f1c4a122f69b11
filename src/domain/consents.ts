import { expiryOf } from './bonos';
import { hasControlCharacters } from './plain-text';

// Signed consents and health questions (docs/decisions/041-signed-consents-and-health-data.md).
// Pure rules: what a template and its questions may be, whether her answers answer them, which
// answers are contraindications, how long a signature is valid, and the canonical text of a signed
// document that its SHA-256 is made of. The database mirrors validity in consent_missing() (migration
// consents): the tables here are its specification.

export const VALIDITY_KINDS = ['visit', 'months'] as const;
export type ValidityKind = (typeof VALIDITY_KINDS)[number];
export type Validity = { kind: 'visit' } | { kind: 'months'; months: number };

export const QUESTION_KINDS = ['yesno', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** `askDetail`: a yes/no with an optional "¿cuál?" text when yes. `contraindication`: yes/no only, yes = contraindication. */
export type ConsentQuestion = { id: string; text: string; kind: QuestionKind; askDetail: boolean; contraindication: boolean };
export type ConsentAnswer = { questionId: string; value: boolean | string; detail?: string };

export const SIGN_METHODS = ['online', 'recepcion'] as const;
export type SignMethod = (typeof SIGN_METHODS)[number];

// 'receptionist' (ADR 063): she is never allowed a document's answers, and each refusal is logged as hers.
export const CONSENT_VIEWER_KINDS = ['admin', 'employee', 'receptionist', 'client'] as const;
/** 'list': her documents' list (titles, dates, whether any contraindication) asked for; logged when refused. */
export const CONSENT_ACCESS_ACTIONS = ['view', 'pdf', 'list'] as const;
export const CONSENT_ACCESS_OUTCOMES = ['allowed', 'refused'] as const;

export const CONSENT_LIMITS = {
  titleMax: 120,
  bodyMax: 20_000,
  questionsMax: 40,
  questionTextMax: 300,
  questionIdMax: 40,
  textAnswerMax: 500,
  detailMax: 300,
  signerNameMax: 120,
  monthsMin: 1,
  monthsMax: 60,
  servicesMax: 100,
  /** The signature image, decoded. */
  signatureBytesMax: 200 * 1024,
  signatureWidthMax: 4000,
  signatureHeightMax: 4000,
  signatureSideMin: 20,
} as const;

export const CONSENT_MSG = {
  titleRequired: 'Escribe el título del consentimiento.',
  titleTooLong: `El título no puede superar los ${CONSENT_LIMITS.titleMax} caracteres.`,
  bodyRequired: 'Escribe el texto del consentimiento.',
  bodyTooLong: `El texto no puede superar los ${CONSENT_LIMITS.bodyMax} caracteres.`,
  questionsTooMany: `Un consentimiento puede tener como mucho ${CONSENT_LIMITS.questionsMax} preguntas.`,
  questionInvalid: 'Revisa las preguntas: cada una necesita un texto (como mucho 300 caracteres) y un tipo.',
  questionDuplicate: 'Dos preguntas tienen el mismo identificador.',
  contraindicationOnlyYesNo: 'Solo una pregunta de sí o no puede marcarse como contraindicación.',
  validityRange: `La validez debe ser de ${CONSENT_LIMITS.monthsMin} a ${CONSENT_LIMITS.monthsMax} meses, o cada visita.`,
  serviceUnknown: 'Alguno de los servicios no existe.',
  templateNotFound: 'No encontramos ese consentimiento.',
  documentNotFound: 'No encontramos ese documento.',
  answersIncomplete: 'Responde todas las preguntas.',
  answerUnknownQuestion: 'Alguna respuesta no corresponde a ninguna pregunta.',
  answerWrongKind: 'Alguna respuesta no tiene el formato de su pregunta.',
  answerTooLong: `Cada respuesta puede tener como mucho ${CONSENT_LIMITS.textAnswerMax} caracteres.`,
  detailNotAllowed: 'Esa pregunta no admite detalle.',
  answerHtml: 'Las respuestas y el nombre no pueden contener etiquetas HTML (los signos de menor y mayor que).',
  healthConsentRequired: 'Para firmar tienes que aceptar el tratamiento de tus datos de salud para este fin.',
  signerNameRequired: 'Escribe el nombre de quien firma.',
  signerNameTooLong: `El nombre no puede superar los ${CONSENT_LIMITS.signerNameMax} caracteres.`,
  signatureInvalid: 'La firma no es válida. Vuelve a firmar.',
  signatureTooLarge: 'La firma es demasiado grande. Borra la firma y vuelve a firmar.',
  signatureRequired: 'Firma con el dedo antes de enviar.',
  alreadySigned: 'Este consentimiento ya está firmado para esta cita.',
  outdatedVersion: 'El consentimiento ha cambiado mientras lo leías. Vuelve a cargar la página.',
  notRequired: 'Esta cita no necesita ese consentimiento.',
  linkInvalid: 'Este enlace no es válido o la cita ya no está pendiente.',
  linkChanged: 'Has abierto el enlace de otra cita. Vuelve a abrir el enlace de esta cita desde tu email.',
  appointmentNotFound: 'No encontramos esa cita.',
  consentMissing: 'Falta el consentimiento firmado de la clienta.',
  notYourClient: 'Solo puedes ver sus respuestas si la atiendes tú en una cita de un tratamiento que las pide.',
  readTooLate: 'Ya no puedes ver sus respuestas: se pueden ver hasta el día siguiente de su cita.',
} as const;

/**
 * How long signed consents are kept after the client's last treatment (ADR 041): 5 years, the
 * limitation period of a claim for a contract's breach (art. 1964.2 Código Civil) and the
 * clinical-record minimum of Ley 41/2002 (art. 17.1), the nearest rule to an aesthetic treatment.
 */
export const CONSENT_RETENTION_YEARS = 5;

/** The same settings key and label the admin page shows. */
export const COMPLETE_WITHOUT_CONSENT_LABEL = 'Permitir completar una cita sin consentimiento firmado';
export const DEFAULT_COMPLETE_WITHOUT_CONSENT = false;

const QUESTION_ID = /^[A-Za-z0-9_-]+$/;
const hasHtml = (s: string) => /[<>]/.test(s);

export type TemplateInput = { title: string; body: string; questions: readonly ConsentQuestion[]; validity: Validity };

/** What is wrong with a template an admin wrote (the first thing), or null. Texts are trimmed by the caller. */
export function templateError(v: TemplateInput): string | null {
  const L = CONSENT_LIMITS;
  if (!v.title) return CONSENT_MSG.titleRequired;
  if (v.title.length > L.titleMax) return CONSENT_MSG.titleTooLong;
  if (hasControlCharacters(v.title)) return CONSENT_MSG.titleRequired;
  if (!v.body) return CONSENT_MSG.bodyRequired;
  if (v.body.length > L.bodyMax) return CONSENT_MSG.bodyTooLong;
  if (hasControlCharacters(v.body, 'multi-line')) return CONSENT_MSG.bodyRequired;
  if (v.questions.length > L.questionsMax) return CONSENT_MSG.questionsTooMany;
  const ids = new Set<string>();
  for (const q of v.questions) {
    if (!q.id || q.id.length > L.questionIdMax || !QUESTION_ID.test(q.id)) return CONSENT_MSG.questionInvalid;
    if (!q.text || q.text.length > L.questionTextMax || hasControlCharacters(q.text)) return CONSENT_MSG.questionInvalid;
    if (!(QUESTION_KINDS as readonly string[]).includes(q.kind)) return CONSENT_MSG.questionInvalid;
    if (q.kind !== 'yesno' && (q.contraindication || q.askDetail)) return CONSENT_MSG.contraindicationOnlyYesNo;
    if (ids.has(q.id)) return CONSENT_MSG.questionDuplicate;
    ids.add(q.id);
  }
  if (v.validity.kind === 'months') {
    const m = v.validity.months;
    if (!Number.isInteger(m) || m < L.monthsMin || m > L.monthsMax) return CONSENT_MSG.validityRange;
  }
  return null;
}

/** Whether the new text of a template makes a new version (its services and "active" do not). */
export function needsNewVersion(current: TemplateInput, next: TemplateInput): boolean {
  return (
    current.title !== next.title ||
    current.body !== next.body ||
    JSON.stringify(current.validity) !== JSON.stringify(next.validity) ||
    canonicalJson(current.questions) !== canonicalJson(next.questions)
  );
}

/**
 * What is wrong with her answers to these questions (the first thing), or null: every question
 * answered once, a yes/no with a boolean and a text with a string, a detail only on a yes to a
 * question that asks for one, within their lengths, no unknown question, no HTML.
 */
export function answersError(questions: readonly ConsentQuestion[], answers: readonly ConsentAnswer[]): string | null {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<string>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q || seen.has(a.questionId)) return CONSENT_MSG.answerUnknownQuestion;
    seen.add(a.questionId);
    if (q.kind === 'yesno') {
      if (typeof a.value !== 'boolean') return CONSENT_MSG.answerWrongKind;
      if (a.detail !== undefined) {
        if (!q.askDetail || !a.value) return CONSENT_MSG.detailNotAllowed;
        if (a.detail.length > CONSENT_LIMITS.detailMax) return CONSENT_MSG.answerTooLong;
        if (hasHtml(a.detail)) return CONSENT_MSG.answerHtml;
        if (hasControlCharacters(a.detail, 'multi-line')) return CONSENT_MSG.answerWrongKind;
      }
    } else {
      if (typeof a.value !== 'string') return CONSENT_MSG.answerWrongKind;
      if (a.detail !== undefined) return CONSENT_MSG.detailNotAllowed;
      if (a.value.length > CONSENT_LIMITS.textAnswerMax) return CONSENT_MSG.answerTooLong;
      if (hasHtml(a.value)) return CONSENT_MSG.answerHtml;
      if (hasControlCharacters(a.value, 'multi-line')) return CONSENT_MSG.answerWrongKind;
    }
  }
  if (seen.size !== questions.length) return CONSENT_MSG.answersIncomplete;
  return null;
}

/** The signer's name: one line, no HTML. Null when fine. */
export function signerNameError(name: string): string | null {
  if (!name) return CONSENT_MSG.signerNameRequired;
  if (name.length > CONSENT_LIMITS.signerNameMax) return CONSENT_MSG.signerNameTooLong;
  if (hasHtml(name)) return CONSENT_MSG.answerHtml;
  if (hasControlCharacters(name)) return CONSENT_MSG.signerNameRequired;
  return null;
}

/** Her answers in the questions' order, trimmed, an empty detail dropped: what is stored and hashed. */
export function normaliseAnswers(questions: readonly ConsentQuestion[], answers: readonly ConsentAnswer[]): ConsentAnswer[] {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  return questions.flatMap((q) => {
    const a = byId.get(q.id);
    if (!a) return [];
    const value = typeof a.value === 'string' ? a.value.trim() : a.value;
    const detail = a.detail?.trim();
    return [detail ? { questionId: q.id, value, detail } : { questionId: q.id, value }];
  });
}

/**
 * The contraindications of her answers, as the professional reads them: the text of each
 * contraindication question answered yes, and its detail ("¿Tomas medicación fotosensibilizante? Sí: isotretinoína").
 */
export function contraindicationsOf(questions: readonly ConsentQuestion[], answers: readonly ConsentAnswer[]): string[] {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  return questions.flatMap((q) => {
    const a = byId.get(q.id);
    if (!q.contraindication || q.kind !== 'yesno' || a?.value !== true) return [];
    return [a.detail ? `${q.text} Sí: ${a.detail}` : `${q.text} Sí`];
  });
}

/**
 * The first salon day a 'months' signature no longer covers: signed day + N months (the month's
 * last day when it has no such day, as PostgreSQL's date + interval). So a signature of 10 March
 * 2026 for 12 months covers a visit on 9 March 2027 and has expired the day before a visit on 10
 * March 2027.
 */
export const validityEndOf = (signedDay: string, months: number): string => expiryOf(signedDay, months);

export type SignedFacts = {
  /** The salon day (Europe/Madrid) it was signed. */
  signedDay: string;
  /** The appointment it was signed for (null: signed without one). */
  appointmentId: string | null;
  /** The template version it was signed on, and the template's current version. */
  version: number;
  currentVersion: number;
  /** The validity of the version it was signed on. */
  validity: Validity;
};

/**
 * Whether a signed document covers this visit: only one on the template's CURRENT version (a new
 * version is new text: she signs again); 'visit' covers the appointment it was signed for and no
 * other; 'months' covers visits whose salon day is before signed day + N months.
 */
export function coversVisit(doc: SignedFacts, visit: { appointmentId: string; day: string }): boolean {
  if (doc.version !== doc.currentVersion) return false;
  if (doc.validity.kind === 'visit') return doc.appointmentId === visit.appointmentId;
  return visit.day < validityEndOf(doc.signedDay, doc.validity.months);
}

/**
 * The signed document, as its hash sees it: everything that makes it, the signature as base64.
 * Not the client record it belongs to: two records of one client are merged (ADR 019) and the
 * document moves with her history, unchanged.
 */
export type CanonicalDocument = {
  appointmentId: string | null;
  templateId: string;
  templateVersionId: string;
  title: string;
  body: string;
  questions: readonly ConsentQuestion[];
  answers: readonly ConsentAnswer[];
  healthDataConsent: true;
  signatureBase64: string;
  signerName: string;
  signedAt: string;
  method: SignMethod;
  witnessedByUserId: string | null;
};

/** JSON with object keys sorted at every level: the same document is the same text, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The text whose SHA-256 the document keeps (the server hashes it: src/server/features/consents/signature.ts). */
export const canonicalDocument = (d: CanonicalDocument): string => canonicalJson({ v: 1, ...d });
