import { GIFT_CARD_ALPHABET } from '../domain/gift-cards';

// No secret token of any kind reaches a log line (docs/decisions/050-no-token-in-a-log-line.md).
// ONE mechanism, at the logger (logger.ts runs it on every finished line, whatever wrote it: a
// request line, an error's message or stack, better-auth, the message queue), and no list of
// routes. Two rules, each covering tokens nobody has minted yet:
//   1. A path (in a URL or on its own) keeps only the segments whose SHAPE is known to be no
//      secret: a route's lowercase words, ids, dates, numbers, file names. Anything else (a token,
//      whatever it looks like) becomes [oculto]; every query value and fragment too.
//   2. Anywhere else in the line, a long run of token characters that is not a word, an
//      identifier, a uuid or a number is taken for a token; so is a gift card's code.
// A line keeps its JSON shape: only runs of characters that JSON never escapes are replaced.

export const REDACTED = '[oculto]';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILE_EXTENSIONS = 'js|mjs|cjs|ts|tsx|css|map|svg|png|jpe?g|webp|avif|gif|ico|woff2?|ttf|txt|json|webmanifest|html|pdf|ics|csv|xml';

/** A path segment that is never a secret. Lowercase letters only in words: a token mixes cases and digits. */
const SAFE_SEGMENTS: readonly RegExp[] = [
  /^$/,
  // a route's or a folder's words: 'api', 'front-desk', 'reset-password', 'node_modules', '.well-known'
  /^\.?[a-z]+(?:[-_][a-z]+)*$/,
  // a scoped package ('@hono') and a route pattern's parameter (':token') in a stack trace or a route name
  /^@[a-z]+(?:-[a-z]+)*$/,
  /^:[A-Za-z]+$/,
  UUID,
  /^\d{1,12}$/,
  /^\d{4}-\d{2}(?:-\d{2})?$/,
  // a file: lowercase words, a build's 8-character hash at most, an extension, a stack frame's :line:column
  new RegExp(`^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*(?:-[A-Za-z0-9_-]{8})?\\.(?:${FILE_EXTENSIONS})(?::\\d+){0,2}$`),
  /^\[oculto\]$/,
];

export const isSafeSegment = (segment: string) => SAFE_SEGMENTS.some((re) => re.test(segment));

/** A query key is kept when it is a plain word ('token', 'callbackURL'); its value never is. */
const SAFE_KEY = /^[A-Za-z][A-Za-z_]{0,30}$/;

/** Where a path ends inside a line: a space, a quote, a bracket of a stack frame, JSON's escape. */
const PATH_CHAR = '[^\\s"\'<>\\\\`)?#]';
const PATHS = new RegExp(
  // a URL's scheme and host, kept as they are; or a path that starts a word (not "a/b" in a sentence)
  `(\\b[a-z][a-z0-9+.-]*:\\/\\/[^\\s/"'<>\\\\\`)?#]*|(?<![\\w.~%:@/-]))(\\/${PATH_CHAR}*)(\\?[^\\s"'<>\\\\\`)#]*)?(#[^\\s"'<>\\\\\`)]*)?`,
  'gi',
);

function redactQuery(query: string): string {
  if (query === '?') return query;
  const pairs = query.slice(1).split('&');
  return `?${pairs.map((p) => (p === '' ? p : `${SAFE_KEY.test(p.split('=')[0]!) ? p.split('=')[0] : REDACTED}=${REDACTED}`)).join('&')}`;
}

function redactPaths(line: string): string {
  return line.replace(PATHS, (_m, origin: string, path: string, query: string | undefined, fragment: string | undefined) => {
    const kept = path
      .split('/')
      .map((s) => (isSafeSegment(s) ? s : REDACTED))
      .join('/');
    return `${origin}${kept}${query ? redactQuery(query) : ''}${fragment ? `#${REDACTED}` : ''}`;
  });
}

/** Runs of characters a token is made of, dots included (a signed link's token, a JWT): each part is judged. */
const RUNS = /[A-Za-z0-9_.-]{20,}/g;

/** What a long run may be without being a token: words, identifiers, numbers, ids. */
const WORD_LIKE: readonly RegExp[] = [
  UUID,
  /^\d+$/,
  // snake_case or kebab-case words ('appointments_client_record_start_idx'), each part short
  /^[a-z0-9]{1,15}(?:[-_][a-z0-9]{1,15})+$/,
  /^[a-z]+$/,
  // CONSTANT_CASE ('ERR_PACKAGE_PATH_NOT_EXPORTED')
  /^[A-Z0-9]{1,15}(?:_[A-Z0-9]{1,15})+$/,
  // camelCase or PascalCase made of words ('processTicksAndRejections', 'consentFormAtReception'): a
  // word has three letters or more or is one of English's short ones, so a random run rarely passes
  /^(?:[a-z]{2,}|[A-Z][a-z]{2,})(?:[A-Z][a-z]{2,}|At|By|Id|In|Is|Of|On|Or|To|Up)*$/,
];

const isWordLike = (run: string) => run.split('.').every((part) => part === '' || WORD_LIKE.some((re) => re.test(part)));

/** A gift card's code, typed with or without its dashes ('K7MR-4QXP-2H'). */
const G = `[${GIFT_CARD_ALPHABET}]`;
const GIFT_CARD_CODE = new RegExp(`(?<![A-Za-z0-9_-])${G}{4}-?${G}{4}-?${G}{2}(?![A-Za-z0-9_-])`, 'g');

/** The line with every token it holds replaced by [oculto]. */
export function redactSecrets(line: string): string {
  return redactPaths(line)
    .replace(RUNS, (run) => (isWordLike(run) ? run : REDACTED))
    .replace(GIFT_CARD_CODE, REDACTED);
}
