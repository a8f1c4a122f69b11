// What components/visit-consent.tsx asks the server, handed in by the page (api/consents.ts's
// `visitConsentCalls`), so that the component imports no API (the rule of components/, like
// payment-calls.ts).

import type { ConsentAnswer, ConsentQuestion, SignMethod } from '../../domain/consents';

/** A signed document as a reader sees it: the questions, her answers and the contraindications among them. */
export type ConsentDocumentView = {
  id: string;
  title: string;
  version: number;
  questions: ConsentQuestion[];
  answers: ConsentAnswer[];
  signerName: string;
  signedAt: string;
  method: SignMethod;
  witnessedByName: string | null;
  contraindications: string[];
};

export type VisitDocuments = { appointment: { id: string; serviceName: string; startTime: string; clientName: string }; documents: ConsentDocumentView[] };

type State = { data?: VisitDocuments; isPending: boolean; isError: boolean; error: Error | null };

export type VisitConsentCalls = {
  /** The visit's signed documents with her answers: each read is logged on the server (ADR 051). */
  useVisitDocuments: (appointmentId: string) => State;
  pdfUrl: (documentId: string) => string;
};
