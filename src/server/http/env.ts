import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { Realtime } from '../live-events/realtime';
import type { RateLimitStore } from '../auth/rate-limit-store';
import type { Role } from '../../domain/roles';
import type { Health } from '../health/health';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
};

/** What every feature gets: created once at start, passed down, never imported as a global. */
export type Deps = {
  config: Config;
  db: Db;
  auth: Auth;
  log: Logger;
  mailer: Mailer;
  realtime: Realtime;
  rateLimit: RateLimitStore;
  /** The clock, so tests can place "now" without faking timers. */
  now: () => Date;
  /** Key of the signed one-click links in emails (stop reminders), derived from the auth secret (ADR 022) */
  messageSecret: string;
  /** Is the database answering, are migrations current, is there disk left (docs/decisions/046) */
  health: Health;
};

export type AppEnv = {
  Variables: {
    user: SessionUser | null;
    sessionId: string | null;
    /** The visit a signing kiosk locks this session to (ADR 068), else null. */
    kiosk: string | null;
    /** The account must choose its own password before anything else (ADR 084). */
    passwordChange: boolean;
  };
};
