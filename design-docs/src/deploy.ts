import type { ServerScope } from 'nano';
import { loadDesign, DESIGN_DOCS_ROOT } from './load';
import { pushDesign, type PushResult } from './push';

/** The folder of design documents installed into every user database, not a server one. */
export const USERDB_FOLDER = 'userdb';

/**
 * Pushes the design of every server database (folder name -> database name in `databases`).
 * Only documents whose content changed are written; those whose views changed are only staged,
 * for `swapStaged` to put live once built. A folder with no database is an error: it would
 * silently never be deployed.
 */
export async function deployServerDesign(
  server: ServerScope,
  databases: Record<string, string>,
  root = DESIGN_DOCS_ROOT,
): Promise<PushResult> {
  const total: PushResult = { pushed: [], unchanged: [], staged: [] };
  for (const design of await loadDesign(root)) {
    if (design.database === USERDB_FOLDER) continue;
    const dbName = databases[design.database];
    if (!dbName) {
      throw new Error(
        `design-docs/${design.database} matches no server database (${Object.keys(databases).join(', ')}).`,
      );
    }
    const result = await pushDesign(server, dbName, design.designDocs, design.indexes);
    total.pushed.push(...result.pushed);
    total.unchanged.push(...result.unchanged);
    total.staged.push(...result.staged);
  }
  return total;
}
