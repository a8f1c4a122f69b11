// Who may book for a client and move an appointment at the front desk (issue 13). The server
// enforces these; the web app uses them to decide which actions a block offers.

export type StaffRole = 'client' | 'employee' | 'admin';

/**
 * Staff booking and moving: the admin on any agenda; an employee only on their own (the
 * professional's linked account is theirs); a client never (they book for themselves).
 */
export function mayManageAgenda(role: StaffRole, actorUserId: string, agendaUserId: string | null): boolean {
  if (role === 'admin') return true;
  if (role === 'employee') return agendaUserId !== null && agendaUserId === actorUserId;
  return false;
}

/** Only a confirmed appointment moves (completed, no-show and cancelled ones are history). */
export function canReschedule(status: string): boolean {
  return status === 'confirmed';
}
