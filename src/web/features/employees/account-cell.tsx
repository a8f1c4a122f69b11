import { truncateAccountEmail } from '../../../domain/back-office-rules';

/** SPEC §9: the linked account's email, cut to 15 characters (the whole one on hover and for screen readers). */
export function AccountCell({ email }: { email: string | null }) {
  if (!email) return <span className="text-muted">Sin cuenta</span>;
  const short = truncateAccountEmail(email);
  return (
    <span title={email} className="font-medium text-ink">
      <span aria-hidden={short !== email}>{short}</span>
      {short !== email && <span className="sr-only">{email}</span>}
    </span>
  );
}
