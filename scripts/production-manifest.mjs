// Rewrites package.json (in the current folder) for the production install of the API: only the
// workspaces the API runs (api, couch, design-docs; not web or e2e) and no dev dependencies.
// Then `npm install --omit=dev --omit=optional` installs exactly what the API imports at run
// time, at the versions of package-lock.json: no test or build tools, no embedded pouchdb-server.
// Used by api/Dockerfile and by scripts/check-production-install.sh. Plain JavaScript: it runs
// before anything is installed.
import { readFileSync, writeFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
manifest.workspaces = ['api', 'couch', 'design-docs'];
delete manifest.devDependencies;
delete manifest.scripts;
writeFileSync('package.json', JSON.stringify(manifest, null, 2) + '\n');
