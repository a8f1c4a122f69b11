import { escapeHtml } from '../../../domain/html';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { smallPage } from '../../http/small-page';

// The page the emails' "No quiero recibir recordatorios" link opens (the shell: http/small-page.ts).
// Its GET only asks; the button POSTs to the same address (ADR 029), so a mail scanner that follows
// every link stops nothing.

const page = (body: string) => smallPage(STAFF_MSG.stopRemindersTitle, body);

/** The question and its button; the form posts back to this very address (token in the query). */
export function stopRemindersAskPage(): string {
  return page(
    `<p>${escapeHtml(STAFF_MSG.stopRemindersQuestion)}</p>` +
      `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit">${escapeHtml(STAFF_MSG.stopRemindersButton)}</button></form>`,
  );
}

/** After the button: the confirmation, and where to turn them back on (Mis Citas, or the salon). */
export function stopRemindersDonePage(text: string, withAccount: boolean): string {
  return page(
    `<p class="done" role="status">${escapeHtml(text)}</p>` + (withAccount ? `<p><a href="/my-appointments">Mis Citas</a></p>` : ''),
  );
}
