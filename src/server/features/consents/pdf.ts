import PDFDocument from 'pdfkit';
import type { ConsentAnswer, ConsentQuestion, SignMethod } from '../../../domain/consents';
import { SALON_TIME_ZONE } from '../../../domain/salon-time';

// The signed consent as a PDF (ADR 041), made on the server with pdfkit and its standard
// Helvetica (no font file of ours: pdfkit's own AFM metrics, read from node_modules/pdfkit/js/data
// at run time, which the bundled server keeps external). The text is written uncompressed
// (`compress: false`): a few KB more, and the document's words can be found in the file, which
// the tests read.

export type PdfDocument = {
  salonName: string;
  title: string;
  version: number;
  body: string;
  questions: ConsentQuestion[];
  answers: ConsentAnswer[];
  signerName: string;
  clientName: string;
  signedAt: Date;
  method: SignMethod;
  witnessedByName: string | null;
  sha256: string;
  signaturePng: Buffer;
};

const when = (d: Date) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: SALON_TIME_ZONE }).format(d);

function answerText(a: ConsentAnswer | undefined): string {
  if (!a) return '—';
  if (typeof a.value === 'boolean') return a.value ? (a.detail ? `Sí: ${a.detail}` : 'Sí') : 'No';
  return a.value || '—';
}

export function consentPdf(d: PdfDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: d.title, Author: d.salonName, Subject: 'Consentimiento informado' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(9).fillColor('#555').text(d.salonName);
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(16).fillColor('#000').text(d.title);
  doc.font('Helvetica').fontSize(9).fillColor('#555').text(`Versión ${d.version}`);
  doc.moveDown().font('Helvetica').fontSize(10.5).fillColor('#000').text(d.body);

  if (d.questions.length > 0) {
    doc.moveDown().font('Helvetica-Bold').fontSize(12).text('Respuestas');
    const byId = new Map(d.answers.map((a) => [a.questionId, a]));
    for (const q of d.questions) {
      doc.moveDown(0.4).font('Helvetica').fontSize(10.5).text(q.text);
      doc.font('Helvetica-Bold').text(answerText(byId.get(q.id)));
    }
  }

  doc.moveDown().font('Helvetica').fontSize(10.5).text('Acepto el tratamiento de mis datos de salud para este fin: Sí');
  doc.moveDown().font('Helvetica-Bold').fontSize(12).text('Firma');
  doc.image(d.signaturePng, { fit: [220, 110] });
  doc.moveDown(0.5).font('Helvetica').fontSize(10.5);
  doc.text(`Firmado por: ${d.signerName}`);
  if (d.clientName !== d.signerName) doc.text(`Clienta: ${d.clientName}`);
  doc.text(`Fecha: ${when(d.signedAt)}`);
  doc.text(d.method === 'online' ? 'Método: en línea, desde el enlace de su cita' : `Método: en recepción, ante ${d.witnessedByName ?? 'el personal del salón'}`);
  doc.moveDown().fontSize(8).fillColor('#555').text(`Huella SHA-256 del documento: ${d.sha256}`);
  doc.end();
  return done;
}
