// oidc-provider ships no type declarations; this is the part the test OpenID provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Claims = Record<string, unknown> & { sub: string };
  type Account = { accountId: string; claims: (use: string, scope: string) => Promise<Claims> | Claims };

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: new (props: { accountId: string; clientId: string }) => {
      addOIDCScope: (scope: string) => void;
      save: () => Promise<string>;
    };
    callback: () => (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails: (
      req: IncomingMessage,
      res: ServerResponse,
    ) => Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown>; session?: { accountId?: string } }>;
    interactionFinished: (req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, opts?: { mergeWithLastSubmission?: boolean }) => Promise<void>;
    on: (event: string, fn: (...args: unknown[]) => void) => void;
  }
  export type { Account };
  export default Provider;
}
