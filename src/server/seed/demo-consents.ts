import { and, asc, eq, ilike, inArray, isNotNull, or } from 'drizzle-orm';
import { normaliseAnswers, type ConsentAnswer, type ConsentQuestion } from '../../domain/consents';
import { appointments, consentDocuments, consentTemplates, consentTemplateVersions, serviceConsentTemplates, services, user } from '../db/schema';
import { documentCanonical } from '../features/consents/sign-service';
import { sha256Hex } from '../features/consents/signature';
import type { Deps } from '../http/env';
import { signaturePng } from './signature-png';

// The demo's signed consents (ADR 041): the laser consent template on the demo's laser
// services, and up to three clients who signed it (online, and at reception before the professional),
// every one with a contraindication the staff see (a skin condition, or sun in the last weeks:
// ANSWER_SETS). One laser client is left unsigned so the day view shows "Falta
// consentimiento". Self-contained: it finds the laser services, the admin and the appointments by
// querying, whatever the rest of the demo holds; nothing happens when there is no laser service.

export const LASER_CONSENT_TITLE = 'Consentimiento informado: depilación láser';

const BODY = `Yo, la persona abajo firmante, declaro que {salón} me ha informado de forma clara sobre el tratamiento de depilación con láser de diodo: en qué consiste, los resultados que cabe esperar (una reducción progresiva del vello, que requiere varias sesiones) y sus posibles efectos secundarios (enrojecimiento, inflamación o picor pasajeros, y con menos frecuencia cambios de pigmentación, ampollas o quemaduras superficiales).

Me comprometo a seguir las indicaciones antes y después de cada sesión: no tomar el sol ni rayos UVA las semanas previas y posteriores, no usar cera ni pinzas entre sesiones, usar protector solar en la zona tratada y avisar de cualquier cambio en mi salud o medicación.

Declaro que las respuestas que doy a continuación son ciertas y completas. Sé que puedo retirar este consentimiento en cualquier momento antes de una sesión.`;

export const LASER_QUESTIONS: ConsentQuestion[] = [
  { id: 'embarazo', text: '¿Estás embarazada o en periodo de lactancia?', kind: 'yesno', askDetail: false, contraindication: true },
  { id: 'medicacion', text: '¿Tomas medicación fotosensibilizante (p. ej. isotretinoína, algunos antibióticos)?', kind: 'yesno', askDetail: true, contraindication: true },
  { id: 'piel', text: '¿Tienes alguna enfermedad de la piel en la zona a tratar (herpes, psoriasis, heridas)?', kind: 'yesno', askDetail: true, contraindication: true },
  { id: 'alergias', text: '¿Tienes alergias?', kind: 'yesno', askDetail: true, contraindication: false },
  { id: 'bronceado', text: '¿Has tomado el sol o rayos UVA en las últimas 4 semanas?', kind: 'yesno', askDetail: false, contraindication: true },
  { id: 'otros', text: '¿Hay algo más que debamos saber?', kind: 'text', askDetail: false, contraindication: false },
];

const ANSWER_SETS: ConsentAnswer[][] = [
  [
    { questionId: 'embarazo', value: false },
    { questionId: 'medicacion', value: false },
    { questionId: 'piel', value: true, detail: 'Psoriasis leve en los codos, fuera de la zona' },
    { questionId: 'alergias', value: true, detail: 'Níquel' },
    { questionId: 'bronceado', value: false },
    { questionId: 'otros', value: 'Piel sensible en las axilas.' },
  ],
  [
    { questionId: 'embarazo', value: false },
    { questionId: 'medicacion', value: false },
    { questionId: 'piel', value: false },
    { questionId: 'alergias', value: false },
    { questionId: 'bronceado', value: true },
    { questionId: 'otros', value: '' },
  ],
];

type Seed = Pick<Deps, 'db' | 'now'>;

export async function seedDemoConsents(deps: Seed, salonName: string): Promise<void> {
  const { db } = deps;
  const laser = await db
    .select({ id: services.id })
    .from(services)
    .where(or(ilike(services.name, '%láser%'), ilike(services.name, '%laser%')));
  if (laser.length === 0) return;
  const [admin] = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).limit(1);
  const visits = await db
    .select({ id: appointments.id, recordId: appointments.clientRecordId, clientName: appointments.clientName, startTime: appointments.startTime, employeeId: appointments.employeeId, employeeName: appointments.employeeName })
    .from(appointments)
    .where(and(inArray(appointments.serviceId, laser.map((s) => s.id)), isNotNull(appointments.clientRecordId), inArray(appointments.status, ['confirmed', 'completed'])))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
  // Each client once: her first laser visit; the last of them stays unsigned.
  const firstOf = new Map<string, (typeof visits)[number]>();
  for (const v of visits) if (!firstOf.has(v.recordId!)) firstOf.set(v.recordId!, v);
  const firsts = [...firstOf.values()];
  const toSign = firsts.length > 1 ? firsts.slice(0, -1).slice(0, 3) : [];

  await db.transaction(async (tx) => {
    const now = deps.now();
    const [template] = await tx.insert(consentTemplates).values({ title: LASER_CONSENT_TITLE, createdAt: now, updatedAt: now }).returning({ id: consentTemplates.id });
    const body = BODY.replace('{salón}', salonName);
    const [version] = await tx
      .insert(consentTemplateVersions)
      .values({ templateId: template!.id, version: 1, title: LASER_CONSENT_TITLE, body, questions: LASER_QUESTIONS, validityKind: 'months', validityMonths: 12, createdBy: admin?.id ?? null, createdAt: now })
      .returning({ id: consentTemplateVersions.id });
    await tx.insert(serviceConsentTemplates).values(laser.map((s) => ({ serviceId: s.id, templateId: template!.id })));

    for (const [i, v] of toSign.entries()) {
      // Signed the day before the visit: online from the confirmation's link, or at reception before her professional.
      const atReception = i % 2 === 1;
      const signedAt = new Date(Math.min(v.startTime.getTime() - (atReception ? 15 * 60_000 : 20 * 3_600_000), now.getTime() - 60_000));
      const doc = {
        appointmentId: v.id,
        templateId: template!.id,
        templateVersionId: version!.id,
        answers: normaliseAnswers(LASER_QUESTIONS, ANSWER_SETS[i % ANSWER_SETS.length]!),
        signaturePng: signaturePng(300, 100, i + 1),
        signerName: v.clientName,
        signedAt,
        method: atReception ? ('recepcion' as const) : ('online' as const),
        witnessedByUserId: atReception ? v.employeeId : null,
      };
      const sha256 = sha256Hex(documentCanonical({ ...doc, title: LASER_CONSENT_TITLE, body, questions: LASER_QUESTIONS }));
      await tx.insert(consentDocuments).values({ ...doc, clientRecordId: v.recordId!, healthDataConsent: true, witnessedByName: atReception ? v.employeeName : null, sha256 });
    }
  });
}
