// Docker cannot run where the tests run, so the production files are checked by parsing them:
// docker-compose.yml, couch/local.ini, couch/cluster.ini, couch/cluster/setup.sh,
// api/Dockerfile and .dockerignore.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { parse } from 'yaml';
import { ENV_NAMES } from '../../api/src/config/env';

const root = path.resolve(import.meta.dirname, '..', '..');

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// ---- docker-compose.yml ----------------------------------------------------------------------

type EnvValue = string | number | boolean | null;

interface Service {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  profiles?: string[];
  entrypoint?: string | string[];
  environment?: Record<string, EnvValue> | string[];
  ports?: (string | number | { target: number; published?: string | number; host_ip?: string })[];
  volumes?: (string | { type?: string; source?: string; target: string; read_only?: boolean })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
  networks?: string[] | Record<string, { aliases?: string[] } | null>;
}

interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

// Compose supports YAML merge keys (<<); the file uses them for the cluster nodes.
const compose = parse(read('docker-compose.yml'), { merge: true }) as Compose;
const services = compose.services;

function service(name: string): Service {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/** The service's environment as written (before interpolation), list or map form. */
function environment(svc: Service): Record<string, string | undefined> {
  const env = svc.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((line) => {
        const eq = line.indexOf('=');
        return eq === -1 ? [line, undefined] : [line.slice(0, eq), line.slice(eq + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === null ? undefined : String(value)]),
  );
}

/**
 * Compose variable interpolation: $$, ${NAME}, ${NAME:-default}, ${NAME-default},
 * ${NAME:?error}, ${NAME?error}, ${NAME:+alt}, ${NAME+alt}. Throws where Compose would refuse
 * to start because a required variable is missing.
 */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}/g,
    (match, name: string | undefined, op: string | undefined, arg: string | undefined) => {
      if (match === '$$') return '$';
      const raw = vars[name!];
      const present = op?.startsWith(':') ? raw !== undefined && raw !== '' : raw !== undefined;
      switch (op) {
        case ':-':
        case '-':
          return present ? raw! : (arg ?? '');
        case ':?':
        case '?':
          if (!present) throw new Error(`required variable ${name} is missing: ${arg}`);
          return raw!;
        case ':+':
        case '+':
          return present ? (arg ?? '') : '';
        default:
          return raw ?? '';
      }
    },
  );
}

/** Interpolates every string in a parsed document, as Compose does before applying profiles. */
function interpolateAll(node: unknown, vars: Record<string, string>): unknown {
  if (typeof node === 'string') return interpolate(node, vars);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, vars));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateAll(value, vars)]),
    );
  }
  return node;
}

/** The variables an operator must provide for the default stack (see the file's header). */
const REQUIRED_VARS = {
  COUCHDB_PASSWORD: 'couch-password-0123',
  JWT_SECRET: 'j'.repeat(48),
};

interface Mount {
  source: string | undefined;
  target: string;
  readOnly: boolean;
}

function mounts(svc: Service): Mount[] {
  return (svc.volumes ?? []).map((volume) => {
    if (typeof volume !== 'string') {
      return { source: volume.source, target: volume.target, readOnly: !!volume.read_only };
    }
    const [first, second, mode] = volume.split(':');
    return second === undefined
      ? { source: undefined, target: first!, readOnly: false }
      : { source: first, target: second, readOnly: (mode ?? '').split(',').includes('ro') };
  });
}

const isBindSource = (source: string) => /^[./~]/.test(source);

/** Container ports a service publishes (short or long syntax, after interpolation). */
function publishedPorts(svc: Service): { host: string | undefined; container: number }[] {
  return (svc.ports ?? []).map((port) => {
    if (typeof port === 'object') {
      return {
        host: port.published === undefined ? undefined : String(port.published),
        container: Number(port.target),
      };
    }
    const parts = interpolate(String(port), REQUIRED_VARS).split(':');
    const container = Number(parts.pop()!.split('/')[0]);
    return { host: parts.length ? parts.join(':') : undefined, container };
  });
}

function dependsOn(svc: Service): Record<string, string> {
  const deps = svc.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, 'service_started']));
  return Object.fromEntries(
    Object.entries(deps).map(([name, dep]) => [name, dep.condition ?? 'service_started']),
  );
}

const entrypointScript = (svc: Service) =>
  Array.isArray(svc.entrypoint) ? svc.entrypoint.join(' ') : (svc.entrypoint ?? '');

function aliases(svc: Service): string[] {
  if (!svc.networks || Array.isArray(svc.networks)) return [];
  return Object.values(svc.networks).flatMap((net) => net?.aliases ?? []);
}

const inProfile = (svc: Service, profile: string) => (svc.profiles ?? []).includes(profile);

const clusterNodes = Object.entries(services).filter(
  ([, svc]) =>
    svc.image === 'couchdb:3.4' && inProfile(svc, 'cluster') && !!environment(svc).NODENAME,
);

/** Variables that must be present for the API to work in production. */
const PRODUCTION_VARS = [
  'COUCH_URL',
  'JWT_SECRET',
  'DATA_DIR',
  'PORT',
  'PUBLIC_URL',
  'SMTP_URL',
  'LOG_LEVEL',
  'CORS_ORIGINS',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
];

/** How a CouchDB service installs couch/*.ini: where it mounts them, what it copies where. */
function expectIniInstalled(svc: Service, file: string): string {
  const mount = mounts(svc).find((m) => m.source === file);
  expect(mount, `${file} is mounted`).toBeDefined();
  expect(mount!.readOnly).toBe(true);
  // The image's entrypoint chowns everything under /opt/couchdb under `set -e`; a read-only
  // bind mount there cannot be chowned and the container exits 1 without a log line.
  expect(mount!.target.startsWith('/opt/couchdb/')).toBe(false);
  // So the entrypoint copies the mounted files into local.d, then runs the image's entrypoint.
  const script = entrypointScript(svc);
  expect(script).toContain(
    `cp ${path.posix.dirname(mount!.target)}/*.ini /opt/couchdb/etc/local.d/`,
  );
  expect(script).toMatch(/exec tini -- \/docker-entrypoint\.sh \/opt\/couchdb\/bin\/couchdb$/);
  // CouchDB writes runtime config changes to the last ini file it loads; that must remain the
  // image's local.d/docker.ini, so the copied file has to sort before it.
  const name = path.posix.basename(mount!.target);
  expect(name.endsWith('.ini')).toBe(true);
  expect(name < 'docker.ini').toBe(true);
  return name;
}

describe('docker-compose.yml', () => {
  it('defines the couchdb and api services, started without a profile', () => {
    expect(service('couchdb').profiles).toBeUndefined();
    expect(service('api').profiles).toBeUndefined();
  });

  it('runs CouchDB 3.4 with a persistent data volume', () => {
    const couchdb = service('couchdb');
    expect(couchdb.image).toBe('couchdb:3.4');
    const data = mounts(couchdb).find((m) => m.target === '/opt/couchdb/data');
    expect(data?.source).toBeDefined();
    expect(isBindSource(data!.source!)).toBe(false);
  });

  it('installs couch/local.ini into local.d, before the image-managed docker.ini', () => {
    expectIniInstalled(service('couchdb'), './couch/local.ini');
  });

  it('takes the CouchDB admin from the environment, the password required', () => {
    const env = environment(service('couchdb'));
    expect(env.COUCHDB_USER).toBe('${COUCHDB_USER:-admin}');
    expect(env.COUCHDB_PASSWORD).toMatch(/^\$\{COUCHDB_PASSWORD:\?[^}]*\}$/);
  });

  it('checks CouchDB health on /_up with curl', () => {
    const test = service('couchdb').healthcheck?.test;
    const command = Array.isArray(test) ? test.join(' ') : (test ?? '');
    expect(command).toContain('curl');
    expect(command).toContain('http://localhost:5984/_up');
  });

  it('publishes no CouchDB port except on loopback', () => {
    for (const [name, svc] of Object.entries(services)) {
      if (svc.image !== 'couchdb:3.4') continue;
      for (const port of publishedPorts(svc)) {
        expect(port.host, `${name} publishes ${port.container}`).toMatch(/^127\.0\.0\.1:/);
      }
    }
  });

  it('builds the API from api/Dockerfile with the repository as context', () => {
    for (const name of ['api', 'api-cluster']) {
      expect(service(name).build).toEqual({ context: '.', dockerfile: 'api/Dockerfile' });
    }
    expect(existsSync(path.join(root, 'api/Dockerfile'))).toBe(true);
  });

  it("leaves the API's health check to the image (liveness)", () => {
    for (const name of ['api', 'api-cluster']) {
      expect(service(name).healthcheck, name).toBeUndefined();
    }
  });

  it('maps container port 8080 and tells the API to listen on 8080', () => {
    for (const name of ['api', 'api-cluster']) {
      const svc = service(name);
      expect(publishedPorts(svc).map((p) => p.container)).toContain(8080);
      expect(environment(svc).PORT).toBe('8080');
      expect(environment(svc).HOST).toBe('0.0.0.0');
    }
  });

  it('gives the API only variables it reads (ENV_NAMES in api/src/config/env.ts)', () => {
    expect(ENV_NAMES).toEqual(expect.arrayContaining(PRODUCTION_VARS));
    const known = new Set<string>(ENV_NAMES);
    for (const name of ['api', 'api-cluster']) {
      const unknown = Object.keys(environment(service(name))).filter((key) => !known.has(key));
      expect(unknown, `unknown variables in ${name}`).toEqual([]);
    }
  });

  it('sets every variable the API needs in production', () => {
    for (const name of ['api', 'api-cluster']) {
      const env = environment(service(name));
      for (const key of PRODUCTION_VARS) {
        expect(env[key], `${name}.environment.${key}`).toEqual(expect.any(String));
        expect(env[key]!.length, `${name}.environment.${key}`).toBeGreaterThan(0);
      }
      expect(env.DATA_DIR).toBe('/data');
      expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?[^}]*\}$/);
      expect(mounts(service(name)).find((m) => m.target === '/data')?.source).toBeDefined();
    }
  });

  it('points COUCH_URL at the couchdb service with the CouchDB admin credentials', () => {
    const url = new URL(interpolate(environment(service('api')).COUCH_URL!, REQUIRED_VARS));
    expect(url.protocol).toBe('http:');
    expect(url.hostname).toBe('couchdb');
    expect(url.port).toBe('5984');
    expect(decodeURIComponent(url.username)).toBe('admin');
    expect(decodeURIComponent(url.password)).toBe(REQUIRED_VARS.COUCHDB_PASSWORD);
    expect(dependsOn(service('api'))).toEqual({ couchdb: 'service_healthy' });
  });

  it('starts with only COUCHDB_PASSWORD and JWT_SECRET set, whatever the profile', () => {
    // Compose interpolates the whole file before it applies profiles, so a ${VAR:?} in a
    // cluster-only service would stop the default stack too.
    expect(() => interpolateAll(compose, REQUIRED_VARS)).not.toThrow();
    expect(() => interpolateAll(compose, { JWT_SECRET: REQUIRED_VARS.JWT_SECRET })).toThrow(
      /COUCHDB_PASSWORD/,
    );
    expect(() =>
      interpolateAll(compose, { COUCHDB_PASSWORD: REQUIRED_VARS.COUCHDB_PASSWORD }),
    ).toThrow(/JWT_SECRET/);
  });

  it('declares every named volume at the top level, and every bind source exists', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, svc] of Object.entries(services)) {
      for (const { source } of mounts(svc)) {
        if (source === undefined) continue;
        if (isBindSource(source)) {
          expect(existsSync(path.join(root, source)), `${name}: ${source}`).toBe(true);
        } else {
          expect(declared, `${name}: volume ${source}`).toContain(source);
        }
      }
    }
  });

  it('depends only on services that exist', () => {
    for (const [name, svc] of Object.entries(services)) {
      for (const dep of Object.keys(dependsOn(svc))) {
        expect(Object.keys(services), `${name} depends on ${dep}`).toContain(dep);
      }
    }
  });
});

describe('docker-compose.yml cluster profile', () => {
  it('has three CouchDB 3.4 nodes that share one Erlang cookie and one cookie secret', () => {
    expect(clusterNodes).toHaveLength(3);
    const cookies = clusterNodes.map(
      ([, svc]) => /-setcookie\s+(\S+)/.exec(environment(svc).ERL_FLAGS ?? '')?.[1],
    );
    expect(cookies[0]).toBeTruthy();
    expect(new Set(cookies).size).toBe(1);
    const secrets = clusterNodes.map(([, svc]) => environment(svc).COUCHDB_SECRET);
    expect(secrets[0]).toBeTruthy();
    expect(new Set(secrets).size).toBe(1);
    // The same admin on every node: /_cluster_setup requires it.
    const admins = clusterNodes.map(([, svc]) => {
      const env = environment(svc);
      return `${env.COUCHDB_USER} ${env.COUCHDB_PASSWORD}`;
    });
    expect(new Set(admins).size).toBe(1);
  });

  it('names every node with a fully qualified name that the others can resolve', () => {
    const names = clusterNodes.map(([, svc]) => environment(svc).NODENAME!);
    expect(new Set(names).size).toBe(3);
    for (const [name, svc] of clusterNodes) {
      // Erlang long names (-name couchdb@host) need a dot in the host part.
      expect(environment(svc).NODENAME).toContain('.');
      expect(aliases(svc), name).toContain(environment(svc).NODENAME);
    }
  });

  it('gives every node its own data volume, local.ini and the cluster.ini override', () => {
    const dataVolumes = clusterNodes.map(
      ([, svc]) => mounts(svc).find((m) => m.target === '/opt/couchdb/data')?.source,
    );
    expect(dataVolumes.every(Boolean)).toBe(true);
    expect(new Set(dataVolumes).size).toBe(3);
    expect(dataVolumes).not.toContain(
      mounts(service('couchdb')).find((m) => m.target === '/opt/couchdb/data')?.source,
    );
    for (const [, svc] of clusterNodes) {
      const base = expectIniInstalled(svc, './couch/local.ini');
      const override = expectIniInstalled(svc, './couch/cluster.ini');
      expect(override > base, 'cluster.ini loads after local.ini').toBe(true);
    }
  });

  it('joins the nodes once with couch/cluster/setup.sh', () => {
    const setups = Object.entries(services).filter(([, svc]) =>
      mounts(svc).some((m) => m.source === './couch/cluster/setup.sh'),
    );
    expect(setups).toHaveLength(1);
    const [, setup] = setups[0]!;
    expect(inProfile(setup, 'cluster')).toBe(true);
    const script = mounts(setup).find((m) => m.source === './couch/cluster/setup.sh')!;
    expect(entrypointScript(setup)).toContain(script.target);
    const env = environment(setup);
    expect(env.COUCH_NODES?.split(/\s+/).sort()).toEqual(
      clusterNodes.map(([, svc]) => environment(svc).NODENAME).sort(),
    );
    expect(env.COUCHDB_PASSWORD).toBe(environment(clusterNodes[0]![1]).COUCHDB_PASSWORD);
    expect(dependsOn(setup)).toEqual(
      Object.fromEntries(clusterNodes.map(([name]) => [name, 'service_healthy'])),
    );
  });

  it('puts a balancer that checks /_up in front of every node', () => {
    const lb = service('couchdb-lb');
    expect(inProfile(lb, 'cluster')).toBe(true);
    const config = mounts(lb).find((m) => m.source === './couch/cluster/haproxy.cfg');
    expect(config?.target).toBe('/usr/local/etc/haproxy/haproxy.cfg');
    const cfg = read('couch/cluster/haproxy.cfg');
    expect(cfg).toMatch(/^\s*http-check send meth GET uri \/_up$/m);
    expect(cfg).toMatch(/^\s*option redispatch$/m);
    const servers = [...cfg.matchAll(/^\s*server \S+ (\S+):5984$/gm)].map((m) => m[1]);
    expect(servers.sort()).toEqual(clusterNodes.map(([, svc]) => environment(svc).NODENAME).sort());
    // The balancer waits longer than CouchDB's own request timeout ([fabric], local.ini).
    const fabric = Number(/^request_timeout\s*=\s*(\d+)/m.exec(read('couch/local.ini'))![1]);
    const server = Number(/^\s*timeout server (\d+)s$/m.exec(cfg)![1]) * 1000;
    expect(server).toBeGreaterThan(fabric);
  });

  it('runs an API against the cluster, through the balancer, once it is set up', () => {
    const api = service('api-cluster');
    expect(inProfile(api, 'cluster')).toBe(true);
    const url = new URL(interpolate(environment(api).COUCH_URL!, REQUIRED_VARS));
    // No single node in its request path.
    expect(url.hostname).toBe('couchdb-lb');
    expect(url.port).toBe('5984');
    const deps = dependsOn(api);
    expect(deps['couchdb-lb']).toBe('service_started');
    const setupName = Object.keys(deps).find(
      (dep) => deps[dep] === 'service_completed_successfully',
    );
    expect(setupName).toBeDefined();
    // Both stacks can run at once, so they must not publish the same host port.
    const host = (name: string) => publishedPorts(service(name)).map((p) => p.host);
    expect(host('api-cluster')).not.toEqual(host('api'));
  });
});

describe('couch/cluster/setup.sh', () => {
  const script = read('couch/cluster/setup.sh');

  it('is a POSIX shell script that stops on the first error', () => {
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
    expect(script).toMatch(/^set -eu$/m);
    // No bashisms in the code (the couchdb image's /bin/sh is dash).
    const code = script
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    expect(code).not.toMatch(/\[\[ |^\s*function\s|^\s*local\s|<<<|^\s*declare\s|\$\{\w+\/\//m);
  });

  it('uses the three /_cluster_setup actions and verifies _membership', () => {
    expect(script).toContain('/_cluster_setup');
    for (const action of ['enable_cluster', 'add_node', 'finish_cluster']) {
      expect(script).toMatch(new RegExp(`action\\\\?":\\\\?"${action}`));
    }
    expect(script).toContain('/_membership');
    expect(script).toContain('/_up');
  });

  it('treats an already enabled or finished cluster as success', () => {
    expect(script).toContain('already enabled');
    expect(script).toContain('already finished');
    expect(script).toContain('cluster_finished');
  });
});

// ---- couch/local.ini and couch/cluster.ini ---------------------------------------------------

/** CouchDB's ini dialect: [section], key = value, ";" comments (whole line or " ; " inline). */
function parseIni(text: string): Record<string, Record<string, string>> {
  const sections: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+;.*$/, '').trim();
    if (line === '' || line.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      current = sections[header[1]!] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    if (eq === -1 || !current) throw new Error(`not an ini line: ${rawLine}`);
    current[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return sections;
}

describe('couch/local.ini', () => {
  const ini = parseIni(read('couch/local.ini'));

  it('refuses anonymous requests ([chttpd], where CouchDB 3.2+ reads it)', () => {
    expect(ini.chttpd?.require_valid_user).toBe('true');
  });

  it('leaves /_up open for the health check, which sends no credentials', () => {
    expect(ini.chttpd?.require_valid_user_except_for_up).toBe('true');
    const test = service('couchdb').healthcheck?.test;
    expect(JSON.stringify(test)).not.toMatch(/-u|--user|@localhost/);
  });

  it('runs as a single node listening on 5984 on every interface', () => {
    expect(ini.couchdb?.single_node).toBe('true');
    expect(ini.cluster?.n).toBe('1');
    expect(ini.chttpd?.bind_address).toBe('0.0.0.0');
    expect(ini.chttpd?.port).toBe('5984');
  });

  it('can keep a database per user open', () => {
    expect(Number(ini.couchdb?.max_dbs_open)).toBeGreaterThanOrEqual(1000);
  });

  it('sets the production limits and timeouts', () => {
    expect(Number(ini.chttpd?.max_http_request_size)).toBeGreaterThan(0);
    expect(Number(ini.chttpd_auth?.timeout)).toBeGreaterThan(0);
    expect(Number(ini.fabric?.request_timeout)).toBeGreaterThan(0);
    expect(Number(ini.couchdb?.os_process_timeout)).toBeGreaterThan(0);
    expect(ini.chttpd?.enable_cors).toBe('false');
    expect(ini.log?.level).toBe('info');
  });

  it('holds no credentials and no per-installation identity', () => {
    expect(ini.admins).toBeUndefined();
    expect(ini.couchdb?.uuid).toBeUndefined();
    expect(ini.chttpd_auth?.secret).toBeUndefined();
    // Deprecated since 3.2: its options are read from [chttpd] and [chttpd_auth].
    expect(ini.couch_httpd_auth).toBeUndefined();
  });
});

describe('couch/cluster.ini', () => {
  const ini = parseIni(read('couch/cluster.ini'));

  it('turns single-node mode off and keeps three copies of every shard', () => {
    expect(ini.couchdb?.single_node).toBe('false');
    expect(ini.cluster?.n).toBe('3');
    expect(ini.admins).toBeUndefined();
  });
});

// ---- api/Dockerfile and .dockerignore --------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions grouped by stage (FROM starts a stage). */
function dockerStages(text: string): Instruction[][] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  const stages: Instruction[][] = [];
  for (const rawLine of joined.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match) throw new Error(`not a Dockerfile instruction: ${line}`);
    const instruction = { keyword: match[1]!.toUpperCase(), args: match[2]!.trim() };
    if (instruction.keyword === 'FROM') stages.push([]);
    const stage = stages.at(-1);
    if (!stage) throw new Error('instruction before FROM');
    stage.push(instruction);
  }
  return stages;
}

describe('api/Dockerfile', () => {
  const stages = dockerStages(read('api/Dockerfile'));
  const final = stages.at(-1)!;
  const all = (stage: Instruction[], keyword: string) =>
    stage.filter((i) => i.keyword === keyword).map((i) => i.args);

  it('is a multi-stage build on Node 24 (bookworm-slim)', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0]!.args).toMatch(/^node:24-bookworm-slim\b/);
  });

  it('installs from the lockfile with every workspace manifest, then builds the web app', () => {
    const build = stages[0]!;
    const ci = build.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
    expect(ci).toBeGreaterThan(-1);
    const copiedBefore = build
      .slice(0, ci)
      .filter((i) => i.keyword === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const file of [
      'package.json',
      'package-lock.json',
      ...workspaces.map((w) => `${w}/package.json`),
    ]) {
      expect(copiedBefore, `${file} copied before npm ci`).toContain(file);
    }
    expect(all(build, 'RUN').some((args) => /npm run build -w web\b/.test(args))).toBe(true);
  });

  it('runs as a non-root user in the final stage', () => {
    const user = all(final, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0', '0:0', 'root:root']).not.toContain(user);
  });

  it('exposes 8080 and runs in production mode', () => {
    expect(all(final, 'EXPOSE').flatMap((args) => args.split(/\s+/))).toContain('8080');
    expect(all(final, 'ENV').join(' ')).toMatch(/\bNODE_ENV=production\b/);
  });

  it('checks liveness, /api/health/live, with node (the slim image has no curl)', () => {
    const healthcheck = all(final, 'HEALTHCHECK').at(-1);
    const command = /\bCMD\s+(\[.*\])\s*$/.exec(healthcheck ?? '')?.[1];
    const argv = JSON.parse(command ?? 'null') as string[];
    expect(argv[0]).toBe('node');
    // Not readiness: a database outage must not make every API container unhealthy.
    expect(argv.join(' ')).toMatch(/\/api\/health\/live\b/);
  });

  it('builds the API to JavaScript and starts it with plain node (no tsx at run time)', () => {
    expect(all(stages[0]!, 'RUN').some((args) => /npm run build:api\b/.test(args))).toBe(true);
    expect(JSON.parse(all(final, 'CMD').at(-1) ?? 'null')).toEqual([
      'node',
      'api/dist/cli/start.js',
    ]);
  });

  it('installs production dependencies only, without the optional embedded server', () => {
    const install = stages
      .flatMap((stage) => all(stage, 'RUN'))
      .find((args) => /production-manifest\.mjs/.test(args));
    expect(install).toMatch(/npm install --omit=dev --omit=optional\b/);
    const copied = all(final, 'COPY').join('\n');
    expect(copied).toMatch(/--from=deps \/app\/node_modules/);
    expect(copied).not.toMatch(/--from=build \/app\/node_modules/);
  });
});

describe('.dockerignore', () => {
  const patterns = read('.dockerignore')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('keeps dependencies, data, build output, git and secrets out of the build context', () => {
    for (const pattern of ['**/node_modules', 'data', '**/dist', '.git', '.env']) {
      expect(patterns).toContain(pattern);
    }
  });
});
