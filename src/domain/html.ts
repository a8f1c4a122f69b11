// Text put into HTML we write ourselves (the emails, the stop-reminders page): a client's name, a
// service's name or a link can hold markup, so every stored text goes through this first.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `s` with the five characters that mean something in HTML (content or a quoted attribute) as entities. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
