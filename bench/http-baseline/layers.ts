/**
 * http-baseline's breakdown (`BENCH_LAYERS=1`): what each layer of the API's middleware costs a
 * cached read. Builds, on the running API's own deps, one app per step: the getServices route
 * alone on a bare Hono app, then with the platform middleware (api/src/middleware.ts) added one
 * layer at a time, in the API's order. Each is served on its own port and loaded like the other
 * rows, between the bare route and the API itself (which adds the router holding every route),
 * and the API once more with a browser's Accept-Encoding (what compression costs a small body).
 *
 * A step's cost is the CPU time per request it adds to the step before it: the CPU time of this
 * process (server and load generator both) over the measured run, divided by the requests
 * served. CPU time moves less than req/s when other work shares the machine.
 */
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../api/src/context';
import { errorResponse } from '../../api/src/lib/error-handler';
import { platformMiddleware } from '../../api/src/middleware';
import { getServicesRoutes } from '../../api/src/routes/services/services.routes';
import { formatColumns, measure, type MeasureOptions, type MeasureResult } from '../lib/harness';
import { closeBare, serveApp } from '../lib/servers';

/** The most rows the breakdown measures (for the watchdog). */
export const LAYER_ROWS_MAX = 12;

export interface LayerRow extends MeasureResult {
  /** CPU time of this process per request served, in microseconds. */
  cpu_us_per_request: number;
}

type LoadSettings = Pick<
  MeasureOptions,
  'connections' | 'durationSeconds' | 'warmupSeconds' | 'ownThread'
>;

/** `measure`, with the CPU time per request of the measured run (the warm-up run not counted). */
async function measureCpu(
  name: string,
  options: Omit<MeasureOptions, keyof LoadSettings>,
  settings: LoadSettings,
): Promise<LayerRow> {
  const warmup = Math.min(settings.warmupSeconds ?? 0, settings.durationSeconds);
  if (warmup > 0) {
    await measure(name, { ...options, ...settings, durationSeconds: warmup, warmupSeconds: 0 });
  }
  const before = process.cpuUsage();
  const row = await measure(name, { ...options, ...settings, warmupSeconds: 0 });
  const cpu = process.cpuUsage(before);
  const cpuPerRequest = row.total > 0 ? (cpu.user + cpu.system) / row.total : Number.NaN;
  console.log(
    `  ${name}: ${row.requests_per_sec.toFixed(0)} req/s, ${cpuPerRequest.toFixed(1)} µs CPU/request`,
  );
  return { ...row, cpu_us_per_request: cpuPerRequest };
}

function stepApp(deps: AppDeps, layers: number): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const layer of platformMiddleware(deps).slice(0, layers)) {
    if (layer.path) app.use(layer.path, layer.handler);
    else app.use(layer.handler);
  }
  app.route('/api/getServices', getServicesRoutes(deps));
  app.onError((error, c) => errorResponse(error, c, deps.logger));
  return app;
}

/**
 * Loads, one at a time: `bareUrl` (the bare route), each step's `GET /api/getServices`, the API's
 * (`apiUrl`), then the API's with `Accept-Encoding: gzip, deflate, br, zstd`. Rows are named
 * `layers: …`.
 */
export async function measureLayers(
  deps: AppDeps,
  urls: { bare: string; api: string },
  settings: LoadSettings,
): Promise<LayerRow[]> {
  const rows: LayerRow[] = [
    await measureCpu('layers: bare GET /json', { url: urls.bare }, settings),
  ];
  const names = ['route alone', ...platformMiddleware(deps).map((l) => `+ ${l.name}`)];
  for (let step = 0; step < names.length; step++) {
    let server: ServerType | undefined;
    try {
      const served = await serveApp(stepApp(deps, step));
      server = served.server;
      const url = `${served.url}/api/getServices`;
      rows.push(await measureCpu(`layers: ${names[step]}`, { url }, settings));
    } finally {
      if (server) await closeBare(server);
    }
  }
  const api = `${urls.api}/api/getServices`;
  rows.push(await measureCpu('layers: the API (every route mounted)', { url: api }, settings));
  rows.push(
    await measureCpu(
      'layers: the API, gzip accepted',
      { url: api, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
      settings,
    ),
  );
  return rows;
}

/** Each row's CPU time per request and what it adds to the row before it, in microseconds. */
export function formatLayerCosts(rows: readonly LayerRow[]): string {
  const lines = rows.map((r, i) => [
    r.name,
    r.requests_per_sec.toFixed(0),
    r.cpu_us_per_request.toFixed(1),
    i === 0 ? '' : (r.cpu_us_per_request - rows[i - 1]!.cpu_us_per_request).toFixed(1),
  ]);
  return formatColumns(['step', 'req/s', 'CPU µs/request', 'added µs'], lines);
}
