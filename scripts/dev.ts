/**
 * `npm run dev`: the API (restarted on change by tsx watch, embedded database as usual) and the
 * Vite dev server with hot reload, which proxies /api to the API. Open the Vite URL it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? process.env.PORT ?? '8080';
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited (${code ?? 'signal'}); stopping.`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

// The API serves no web build in development: Vite does.
run(
  'api',
  process.execPath,
  [
    '--import',
    'tsx',
    '--watch',
    '--watch-path=api/src',
    '--watch-path=couch/src',
    '--watch-path=design-docs',
    'api/src/cli/start.ts',
  ],
  {
    PORT: apiPort,
    WEB_DIST: path.join(root, 'web', 'dist'),
    NODE_ENV: 'development',
  },
);
run('web', 'npm', ['run', 'dev', '-w', 'web'], { API_PORT: apiPort });
