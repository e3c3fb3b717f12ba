import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Finding (and, where allowed, installing) the Chromium the end-to-end tests drive. One order,
 * used by `npm test` before any test runs (e2e/ensure-browser.ts) and by the Playwright config:
 *
 * 1. `CHROMIUM_PATH`, when set (nothing else is tried or installed);
 * 2. a system Chromium or Chrome on the usual paths of Debian, Ubuntu, Fedora, macOS and Windows;
 * 3. Playwright's own Chromium, if installed, else `npx playwright install chromium` (needs the
 *    network to Playwright's download host);
 * 4. on Debian or Ubuntu as root, `apt-get install -y chromium`.
 *
 * Every probe goes through `System`, so the order and the final message are unit-tested without
 * touching the machine.
 */
export interface System {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  isRoot: boolean;
  exists(file: string): boolean;
  read(file: string): string | undefined;
  /** Runs a command; `status` is null when it could not be started or timed out. */
  run(
    command: string,
    args: string[],
    options?: { timeoutMs?: number; inherit?: boolean },
  ): { status: number | null; output: string };
  /** Where Playwright keeps (or would keep) its Chromium. */
  playwrightChromium(): string | undefined;
}

export interface Found {
  path: string;
  source: string;
  version: string;
}

function systemCandidates(platform: NodeJS.Platform, env: System['env']): string[] {
  if (platform === 'darwin') {
    return [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      ...(env.HOME
        ? [
            `${env.HOME}/Applications/Chromium.app/Contents/MacOS/Chromium`,
            `${env.HOME}/Applications/Google Chrome.app/Contents/MacOS/Google Chrome`,
          ]
        : []),
    ];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (root): root is string => !!root,
    );
    return roots.flatMap((root) => [
      path.win32.join(root, 'Chromium', 'Application', 'chrome.exe'),
      path.win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
    ]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
    '/usr/local/bin/chromium',
    '/opt/google/chrome/chrome',
  ];
}

/** The version line a working browser prints, or undefined when it does not run. */
function versionOf(system: System, file: string): string | undefined {
  if (!system.exists(file)) return undefined;
  const { status, output } = system.run(file, ['--version'], { timeoutMs: 20_000 });
  return status === 0 && output.trim() ? output.trim().split('\n')[0] : undefined;
}

function isDebianLike(system: System): boolean {
  const release = system.read('/etc/os-release') ?? '';
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
}

export class BrowserNotFound extends Error {
  constructor(readonly tried: string[]) {
    super(
      [
        'npm test needs Chromium (or Chrome) for its end-to-end tests, and none was found or could be installed.',
        'Tried:',
        ...tried.map((line) => `  - ${line}`),
        'Install one, then run npm test again:',
        '  - Debian or Ubuntu: sudo apt-get install -y chromium',
        '  - macOS: install Google Chrome, or: brew install --cask chromium',
        '  - anywhere with internet access: npx playwright install chromium',
        '  - or point CHROMIUM_PATH at a Chromium or Chrome executable (then nothing is installed).',
      ].join('\n'),
    );
    this.name = 'BrowserNotFound';
  }
}

/**
 * Finds a working browser in the order above, installing one (steps 3 and 4) only when
 * `install` is true. Throws BrowserNotFound, with what was tried, when there is none.
 */
export function findBrowser(
  system: System,
  options: { install: boolean; log?: (line: string) => void },
): Found {
  const log = options.log ?? (() => undefined);
  const tried: string[] = [];

  const configured = system.env.CHROMIUM_PATH;
  if (configured) {
    const version = versionOf(system, configured);
    if (version) return { path: configured, source: 'CHROMIUM_PATH', version };
    throw new BrowserNotFound([
      `CHROMIUM_PATH=${configured}: ${system.exists(configured) ? 'does not run' : 'no such file'}`,
    ]);
  }
  tried.push('CHROMIUM_PATH: not set');

  const candidates = systemCandidates(system.platform, system.env);
  for (const file of candidates) {
    const version = versionOf(system, file);
    if (version) return { path: file, source: 'system', version };
  }
  tried.push(`a system Chromium or Chrome: none runs at ${candidates.join(', ')}`);

  const ownPath = system.playwrightChromium();
  const own = () => (ownPath ? versionOf(system, ownPath) : undefined);
  let version = own();
  if (version) return { path: ownPath!, source: 'playwright', version };
  if (!options.install) {
    tried.push("Playwright's Chromium: not installed (not installing here)");
    throw new BrowserNotFound(tried);
  }
  log("No Chromium found. Trying Playwright's own: npx playwright install chromium ...");
  // Its output is kept: without network it is a stack of download errors per retry.
  const download = system.run('npx', ['playwright', 'install', 'chromium'], {
    timeoutMs: 10 * 60_000,
  });
  version = download.status === 0 ? own() : undefined;
  if (version) return { path: ownPath!, source: 'playwright (installed now)', version };
  const reason = [...download.output.matchAll(/Error: (.+)/g)].at(-1)?.[1]?.trim() ?? 'it failed';
  tried.push(
    download.status === 0
      ? "Playwright's Chromium: installed, but it does not run on this system (missing libraries?)"
      : `Playwright's Chromium: \`npx playwright install chromium\` failed (${reason})`,
  );

  if (system.platform !== 'linux' || !isDebianLike(system)) {
    tried.push('apt-get: not a Debian or Ubuntu system');
    throw new BrowserNotFound(tried);
  }
  if (system.run('apt-get', ['--version']).status !== 0) {
    tried.push('apt-get: not found on PATH');
    throw new BrowserNotFound(tried);
  }
  if (!system.isRoot) {
    tried.push('apt-get install chromium: needs root (run it yourself with sudo)');
    throw new BrowserNotFound(tried);
  }
  log('Installing Chromium with apt-get (Debian package) ...');
  const update = system.run('apt-get', ['update', '-qq'], { timeoutMs: 5 * 60_000, inherit: true });
  for (const name of ['chromium', 'chromium-browser']) {
    if (update.status !== 0) break;
    const install = system.run('apt-get', ['install', '-y', '-qq', name], {
      timeoutMs: 15 * 60_000,
      inherit: true,
    });
    if (install.status !== 0) continue;
    for (const file of candidates) {
      const found = versionOf(system, file);
      if (found) return { path: file, source: `apt-get (${name}, installed now)`, version: found };
    }
  }
  tried.push(
    update.status === 0
      ? 'apt-get install chromium: failed, or installed nothing that runs'
      : 'apt-get update: failed (no access to the package mirrors?)',
  );
  throw new BrowserNotFound(tried);
}

/** The machine itself. */
export function realSystem(playwrightChromium: () => string | undefined): System {
  return {
    platform: process.platform,
    env: process.env,
    isRoot: process.getuid?.() === 0,
    exists: (file) => existsSync(file),
    read: (file) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    },
    run(command, args, options = {}) {
      const result = spawnSync(command, args, {
        encoding: 'utf8',
        timeout: options.timeoutMs ?? 20_000,
        stdio: options.inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        shell: process.platform === 'win32' && command === 'npx',
      });
      if (result.error) return { status: null, output: String(result.error.message) };
      return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
    },
    playwrightChromium,
  };
}

/** Where `npm test`'s browser step records its choice for the Playwright config. */
const CHOSEN_BROWSER_FILE = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '.cache',
  'wayfarer-e2e',
  'browser.json',
);

export function rememberBrowser(found: Found): void {
  mkdirSync(path.dirname(CHOSEN_BROWSER_FILE), { recursive: true });
  writeFileSync(CHOSEN_BROWSER_FILE, JSON.stringify(found, null, 2));
}

/**
 * For the Playwright config (no installing, no running): CHROMIUM_PATH, else what the browser
 * step chose, else the first system candidate that exists, else Playwright's own path.
 */
export function chosenBrowserPath(playwrightChromium: () => string | undefined): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const chosen = JSON.parse(readFileSync(CHOSEN_BROWSER_FILE, 'utf8')) as Partial<Found>;
    if (chosen.path && existsSync(chosen.path)) return chosen.path;
  } catch {
    // Not chosen yet (playwright run directly): look on the usual paths.
  }
  const system = systemCandidates(process.platform, process.env).find((file) => existsSync(file));
  return system ?? playwrightChromium() ?? '/usr/bin/chromium';
}
