// Every check of a session's age reads the real clock, not deps.now(): better-auth writes a
// session's times (created, last used, expires) with the real clock, and tests place deps.now()
// anywhere in time. The API's guard (guards.ts), the page's session (page-handler.ts) and the
// recent sign-in a deletion asks for (features/my-account) all judge by this one (ADR 025, 033).

export const sessionNow = (): Date => new Date();
