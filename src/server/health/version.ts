import pkg from '../../../package.json';

/** This release (package.json): printed at start, answered by /api/health, recorded in the database. */
export const APP_VERSION: string = pkg.version;
