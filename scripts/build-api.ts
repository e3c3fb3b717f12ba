/**
 * `npm run build:api`: the API as plain JavaScript for production (api/Dockerfile), so nothing
 * compiles TypeScript at run time. esbuild bundles the API's own code and the workspaces it
 * uses (@wayfarer/couch, @wayfarer/design-docs) into api/dist/cli/*.js; npm packages stay
 * imports, installed by `npm ci --omit=dev --omit=optional --workspace=api`.
 *
 * Files read at run time stay where they are in the repository layout (the image mirrors it):
 * api/package.json, the design documents (found through @wayfarer/design-docs/package.json),
 * the seed data, web/dist.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const manifest = (workspace: string) =>
  JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };

// Every npm package the bundled workspaces import stays external; the workspaces themselves
// are bundled, except what must stay a file of its package (design documents, the embedded
// server's child script, resolved through their package names at run time).
const external = new Set<string>([
  '@wayfarer/design-docs/package.json',
  '@wayfarer/couch/child.cjs',
]);
for (const workspace of ['api', 'couch', 'design-docs']) {
  const { dependencies = {}, optionalDependencies = {} } = manifest(workspace);
  for (const name of [...Object.keys(dependencies), ...Object.keys(optionalDependencies)])
    if (!name.startsWith('@wayfarer/')) external.add(name);
}

const outdir = path.join(root, 'api', 'dist');
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    'cli/start': path.join(root, 'api/src/cli/start.ts'),
    'cli/admin-create': path.join(root, 'api/src/cli/admin-create.ts'),
    'cli/ddocs-push': path.join(root, 'api/src/cli/ddocs-push.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Packages (and their subpaths) are imported as they are.
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.log(`Built the API into ${path.relative(root, outdir)}: ${files.length} files.`);
