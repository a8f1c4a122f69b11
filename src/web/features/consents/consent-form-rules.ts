import { CONSENT_MSG, signerNameError } from '../../../domain/consents';
import type { Answer, Question } from '../../api/consents';
import type { Draft, DraftAnswer } from './question-inputs';

// What the signing form checks before it posts (the server checks it all again, domain/consents.ts):
// every yes/no answered (a short text may stay empty, as the server allows), the explicit consent
// to process her health data, a name and a drawn signature. The texts are what the client reads
// beside each field and in the summary above "Firmar".

export const FORM_MSG = {
  answerRequired: 'Responde a esta pregunta.',
  consentRequired: CONSENT_MSG.healthConsentRequired,
  signatureRequired: 'La firma es obligatoria: dibújala en el recuadro.',
} as const;

export type Problems = {
  count: number;
  /** One sentence for the announced summary. */
  summary: string;
  questions: Record<string, string>;
  accepted?: string;
  signerName?: string;
  signature?: string;
};

const answered = (q: Question, a: DraftAnswer | undefined) => q.kind !== 'yesno' || typeof a?.value === 'boolean';

export function formProblems(
  questions: Question[],
  draft: Draft,
  f: { accepted: boolean; signerName: string; signature: string | null },
): Problems {
  const missing = questions.filter((q) => !answered(q, draft[q.id]));
  const p: Problems = { count: 0, summary: '', questions: Object.fromEntries(missing.map((q) => [q.id, FORM_MSG.answerRequired])) };
  if (!f.accepted) p.accepted = FORM_MSG.consentRequired;
  p.signerName = signerNameError(f.signerName.trim()) ?? undefined;
  if (!f.signature) p.signature = FORM_MSG.signatureRequired;
  const parts = [
    missing.length === 1 ? 'falta 1 respuesta' : missing.length > 1 ? `faltan ${missing.length} respuestas` : null,
    p.accepted ? 'falta aceptar el tratamiento de tus datos de salud' : null,
    p.signerName ? (f.signerName.trim() ? 'revisa el nombre de quien firma' : 'falta el nombre de quien firma') : null,
    p.signature ? 'falta la firma' : null,
  ].filter(Boolean);
  p.count = parts.length;
  p.summary = parts.length ? `No se puede firmar todavía: ${parts.join(', ')}.` : '';
  return p;
}

/** The answers to post, in the questions' order; a "¿Cuál?" only with a yes and only when typed. */
export function answersOf(questions: Question[], draft: Draft): Answer[] {
  return questions.map((q) => {
    const a = draft[q.id] ?? {};
    if (q.kind === 'text') return { questionId: q.id, value: typeof a.value === 'string' ? a.value.trim() : '' };
    const detail = a.value === true && q.askDetail ? a.detail?.trim() : undefined;
    return { questionId: q.id, value: a.value === true, ...(detail ? { detail } : {}) };
  });
}
