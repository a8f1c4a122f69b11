import { Contraindications } from './consent-status';
import type { ConsentDocumentView } from './visit-consent-calls';

// One signed document's answers as the staff read them (ADR 041, 051): the contraindications first,
// then every question with her answer, and who signed it. The client record and the visit card
// both show it, each after a read the server logged.

const answerText = (doc: Pick<ConsentDocumentView, 'answers'>, questionId: string) => {
  const a = doc.answers.find((x) => x.questionId === questionId);
  if (!a) return '—';
  if (typeof a.value === 'string') return a.value || '—';
  return a.value ? `Sí${a.detail ? `: ${a.detail}` : ''}` : 'No';
};

export function ConsentAnswers({ doc }: { doc: Pick<ConsentDocumentView, 'questions' | 'answers' | 'contraindications' | 'signerName' | 'witnessedByName'> }) {
  return (
    <div className="space-y-3" data-testid="consent-answers">
      <Contraindications items={doc.contraindications} />
      <dl className="grid gap-x-4 gap-y-1.5 sm:grid-cols-[1fr_auto]">
        {doc.questions.map((qn) => (
          <div key={qn.id} className="contents">
            <dt className="text-muted">{qn.text}</dt>
            <dd className="font-medium">{answerText(doc, qn.id)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-muted">
        Firmado por {doc.signerName}
        {doc.witnessedByName ? `, en recepción ante ${doc.witnessedByName}` : ''}.
      </p>
    </div>
  );
}
