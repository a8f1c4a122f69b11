import { consentDocuments, consentTemplateVersions } from './schema';

// A signed consent as the staff's reading and the client's data export both give it (ADR 041): the
// text and questions of the version she signed, her answers, the signature and how it was signed.
// Selected from consent_documents joined to its consent_template_versions row; each view adds its
// own keys (the staff's view its access checks' ids, the export its access log).

/** The signed document itself, each column named once. */
export const signedDocumentColumns = {
  id: consentDocuments.id,
  appointmentId: consentDocuments.appointmentId,
  title: consentTemplateVersions.title,
  version: consentTemplateVersions.version,
  body: consentTemplateVersions.body,
  questions: consentTemplateVersions.questions,
  answers: consentDocuments.answers,
  healthDataConsent: consentDocuments.healthDataConsent,
  signaturePng: consentDocuments.signaturePng,
  signerName: consentDocuments.signerName,
  signedAt: consentDocuments.signedAt,
  method: consentDocuments.method,
  witnessedByName: consentDocuments.witnessedByName,
  sha256: consentDocuments.sha256,
};
