import { z } from 'zod';

// The ids in a request (a path's `:id`, a query's or a body's record id), in one place.
//
// Every id the salon's tables make is a uuid. A string that is not one can name nothing, and
// handing it to PostgreSQL fails the cast (a 500), so it is refused before any query; how depends
// on the route, and each keeps its answer:
//   - a back-office form's record (an employee, a service): 400 with that record's Spanish
//     "not found" text, from the route's validation (`recordIdParam`);
//   - everything else: answered like an id that does not exist, 404 with the route's own text,
//     by the service (`isId`), after the body's and the query's own checks.
//
// z.guid(), not z.uuid(): it is the form PostgreSQL's uuid type reads (8-4-4-4-12 hex digits, any
// case), the one these routes have always tested. z.uuid() also wants RFC 9562's version and
// variant digits, so it would refuse some ids PostgreSQL accepts, and change their answers.

/** A uuid-formed id, refused with `message` when given (else zod's own, never shown: validate.ts). */
export const idSchema = (message?: string) => (message === undefined ? z.guid() : z.guid({ error: message }));

const ID = idSchema();

/** Whether `value` has the form of an id; one that does not names nothing. */
export const isId = (value: string): boolean => ID.safeParse(value).success;

/**
 * An id a service looks up (a record's uuid, or an account's id, which better-auth makes and is
 * not a uuid): only bounded here. A record's service answers a malformed one like a missing one
 * (`isId`), so the request's other checks still come first.
 */
export const lookupId = z.string().min(1).max(100);

/** The `:id` of a route whose service answers a malformed id like a missing one (`isId`). */
export const IdParam = z.strictObject({ id: lookupId });

/** The `:id` of a back-office record: a malformed one is a 400 with `message` (the record's "not found"). */
export const recordIdParam = (message: string) => z.strictObject({ id: idSchema(message) });
