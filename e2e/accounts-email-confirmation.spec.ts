import { ACCOUNT_MSG } from '../src/domain/texts/accounts';
import { MSG } from '../src/domain/texts/common';
import { STAFF_MSG } from '../src/domain/texts/staff';
import { expect, test, uniqueEmail } from './support/fixtures';
import { firstLink, waitForMail } from './support/mail';

// «Reenviar email de confirmación» (the November review, ADR 030) as a client meets it: the
// notice in Mis Citas while her email is unconfirmed, the new mail, and the notice gone once she
// follows its link. The limits and the admin's resend are covered by src/server/features/accounts/accounts-access.int.test.ts
// and e2e/admin-backoffice.spec.ts.

const isVerifyMail = (m: { subject: string }) => m.subject === STAFF_MSG.emailVerifySubject;

test('a client with an unconfirmed email asks for the mail again from Mis Citas and confirms it', async ({ page, baseURL }) => {
  const email = uniqueEmail('reenvio');
  const res = await page.request.post('/api/auth/sign-up/email', { data: { email, password: 'clave-reenvio-1', name: 'Inés Reenvío' }, headers: { origin: baseURL! } });
  expect(res.ok(), await res.text()).toBe(true);
  const first = await waitForMail(email, { match: isVerifyMail });

  await page.goto('/my-appointments');
  const notice = page.getByTestId('email-unconfirmed');
  await expect(notice).toContainText(ACCOUNT_MSG.emailUnconfirmed);
  await expect(page.getByTestId('account-email')).toContainText(`Tu email: ${email} · sin confirmar`);

  const asked = new Date();
  await notice.getByRole('button', { name: ACCOUNT_MSG.resendVerification }).click();
  await expect(notice.getByText(STAFF_MSG.verificationResent)).toBeVisible();
  const second = await waitForMail(email, { after: asked, match: (m) => isVerifyMail(m) && m.receivedAt !== first.receivedAt });

  await page.goto(firstLink(second.text)!);
  await expect(page.getByText(MSG.emailVerified)).toBeVisible();
  await page.goto('/my-appointments');
  await expect(page.getByTestId('account-email')).toContainText(`Tu email: ${email} · confirmado`);
  await expect(page.getByTestId('email-unconfirmed')).toHaveCount(0);
});
