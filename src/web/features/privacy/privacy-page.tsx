import { readablePhone } from '../../../domain/phone';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Wordmark } from '../../components/logo';
import { privacyQuery } from '../../api/privacy';
import { HEALTH_ACCESS_AFTER_DELETION, HEALTH_ACCESS_NOTICE } from '../../../domain/health-access';

/**
 * /privacidad — the short privacy notice the sign-up page links (RGPD art. 13 and
 * LOPDGDD art. 11): who holds the data, why, for how long, and how to see or delete it. The
 * salon's name and contact come from its settings.
 */
export default function PrivacyPage() {
  const facts = useQuery(privacyQuery());
  const salon = facts.data?.salonName ?? 'El salón';
  const contact = [facts.data?.address, readablePhone(facts.data?.phoneNumber)].filter(Boolean).join(' · ');

  return (
    <main id="contenido" className="mx-auto min-h-dvh max-w-2xl px-5 py-8 sm:px-8">
      <Link to="/" className="inline-block rounded-xl" aria-label="Auna">
        <Wordmark />
      </Link>
      <article className="mt-8 space-y-6 text-ink">
        <h1 className="text-4xl">Aviso de privacidad</h1>
        <section>
          <h2 className="text-xl">Quién guarda tus datos</h2>
          <p className="mt-1 text-muted">
            {salon}
            {contact ? ` (${contact})` : ''} es responsable de los datos que das al crear tu cuenta y al reservar.
          </p>
        </section>
        <section>
          <h2 className="text-xl">Para qué</h2>
          <p className="mt-1 text-muted">
            Tu nombre, tu email, tus citas y las notas que escribes sirven para gestionar tus reservas y avisarte de ellas. El salón
            también anota lo que pagas por cada cita y las tarjetas regalo que compras o recibes, para sus cuentas. No se venden ni
            se usan para publicidad.
          </p>
        </section>
        <section>
          <h2 className="text-xl">Cuánto tiempo</h2>
          <p className="mt-1 text-muted">
            Mientras tengas la cuenta. Si la eliminas, tus datos se borran y las citas pasadas, sus pagos y tus tarjetas regalo
            quedan en las cuentas del salón como «Cliente eliminado», sin tu nombre, tu email ni tus notas, durante el tiempo que exige la ley (seis años para la
            contabilidad). Las sesiones caducan a los 30 días.
          </p>
        </section>
        <section>
          <h2 className="text-xl">Tus datos de salud</h2>
          <p className="mt-1 text-muted">
            Antes de algunos tratamientos (láser, peelings, micropigmentación…) te pedimos un consentimiento informado firmado y unas
            preguntas de salud (embarazo, medicación, enfermedades de la piel, alergias). Solo se tratan con tu consentimiento
            explícito, para decidir si el tratamiento es seguro para ti. {HEALTH_ACCESS_NOTICE} Nunca van en los emails ni en el calendario.
            Guardamos el documento firmado (el texto, tus respuestas, tu firma y la fecha) cinco años desde tu último tratamiento, el
            plazo para atender una reclamación sobre él; después se borra. {HEALTH_ACCESS_AFTER_DELETION}
          </p>
        </section>
        <section>
          <h2 className="text-xl">Cómo verlos o borrarlos</h2>
          <p className="mt-1 text-muted">
            En <Link to="/my-appointments" className="text-rose-700 underline underline-offset-2">Mis Citas</Link>, «Tus datos»:
            descarga todo lo que guardamos sobre ti o elimina tu cuenta. También puedes pedirlo al salón. Si no te atendemos, puedes
            reclamar ante la Agencia Española de Protección de Datos (aepd.es).
          </p>
        </section>
        <p className="pt-4 text-sm">
          <Link to="/signup" className="text-rose-700 underline underline-offset-2">
            Volver a crear cuenta
          </Link>
        </p>
      </article>
    </main>
  );
}
