/**
 * http-baseline's breakdown (`BENCH_LAYERS=1`): what each layer of the API's middleware costs a
 * cached read. Builds, on the running API's own deps, one app per step: the getServices route
 * alone on a bare Hono app, then with the platform middleware (api/src/middleware.ts) added one
 * layer at a time, in the API's order. Each is served on its own port and loaded like the other
 * rows; a layer's cost is the time per request it adds to the step before it. The API row after
 * them adds the rest: the router holding every route, and whatever else the app does per request.
 */
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../api/src/context';
import { errorResponse } from '../../api/src/lib/error-handler';
import { platformMiddleware } from '../../api/src/middleware';
import { getServicesRoutes } from '../../api/src/routes/services/services.routes';
import { formatColumns, measure, type MeasureResult } from '../lib/harness';
import { closeBare, serveApp } from '../lib/servers';

/** The most rows the breakdown adds (for the watchdog): the steps and the API rows after them. */
export const LAYER_ROWS_MAX = 12;

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
 * Loads each step's `GET /api/getServices`, one at a time, and returns their rows (named
 * `layers: …`). `headers` are sent with every request (an Accept-Encoding, say).
 */
export async function measureLayers(
  deps: AppDeps,
  settings: { connections: number; durationSeconds: number; warmupSeconds: number },
  headers?: Record<string, string>,
): Promise<MeasureResult[]> {
  const names = ['route alone', ...platformMiddleware(deps).map((l) => `+ ${l.name}`)];
  const rows: MeasureResult[] = [];
  for (let step = 0; step < names.length; step++) {
    let server: ServerType | undefined;
    try {
      const served = await serveApp(stepApp(deps, step));
      server = served.server;
      const name = `layers: ${names[step]}`;
      const row = await measure(name, {
        url: `${served.url}/api/getServices`,
        headers,
        ...settings,
      });
      rows.push(row);
      console.log(`  ${name}: ${row.requests_per_sec.toFixed(0)} req/s`);
    } finally {
      if (server) await closeBare(server);
    }
  }
  return rows;
}

/**
 * What each step adds per request, in microseconds of the one process that both serves and
 * loads: 1e6 / (req/s) minus the same for the row before. `rows` in order, the bare baseline
 * first.
 */
export function formatLayerCosts(rows: readonly MeasureResult[]): string {
  const micros = (r: MeasureResult) => 1e6 / r.requests_per_sec;
  const lines = rows.map((r, i) => [
    r.name,
    r.requests_per_sec.toFixed(0),
    micros(r).toFixed(1),
    i === 0 ? '' : (micros(r) - micros(rows[i - 1]!)).toFixed(1),
  ]);
  return formatColumns(['step', 'req/s', 'µs/request', 'added µs'], lines);
}
