import path from 'node:path';
import { ROOT, writeLatestSnapshot } from './schema-sync';

// npm run db:snapshot — after hand-written migrations (or a merge of several), writes the snapshot
// of the schema (src/server/db/schema/) as the latest migration's, so the next `npx drizzle-kit generate` diffs from what
// the migrations really build. Then run `npm run db:check` (docs/decisions/034).
const file = await writeLatestSnapshot();
console.log(file ? `wrote ${path.relative(ROOT, file)}` : 'the latest snapshot already matches the schema');
