// Seed step 7: a few portfolio projects of the demo agents (issue 20), written through the same
// service calls and picture checks as an agent's own, some linked to the demo order they were
// done for. Found again by owner and title, so a step interrupted half-way finishes the project
// it was writing instead of writing a second one.
import type { Couch } from '../couch/connect';
import { readTyped } from '../couch/compare-and-set';
import { systemClock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { uploadedImageType } from '../routes/doc-images';
import { readOrder } from '../routes/orders/order-store';
import {
  addImage,
  createProject,
  ownPortfolio,
  updateProject,
} from '../routes/portfolio/portfolio.service';
import { userKey, type UserDoc } from '../routes/users/users.model';
import { DEMO_PORTFOLIO, demoImage, type DemoPortfolioProject } from './demo-data';
import { demoOrderId } from './demo-orders';

/** The project's demo order, when it exists and is completed (the demo orders are seeded). */
async function completedOrderId(
  couch: Couch,
  demoId: (key: string) => string,
  project: DemoPortfolioProject,
) {
  if (!project.order) return null;
  const id = demoOrderId(demoId(project.order.customer), project.order.key);
  const order = await readOrder({ couch }, id).catch(() => undefined);
  return order?.status === 'completed' ? id : null;
}

async function ensureProject(
  couch: Couch,
  logger: Logger,
  demoId: (key: string) => string,
  project: DemoPortfolioProject,
) {
  const deps = { couch, clock: systemClock };
  const owner = await readTyped<UserDoc>(
    couch.db('users') as never,
    userKey(demoId(project.owner)),
    'user',
  );
  if (owner?.role !== 'Agent') {
    logger.info({ project: project.key }, 'demo portfolio project skipped: no such demo agent');
    return;
  }
  const service = await readTyped<{ type: 'service'; status: string }>(
    couch.db('catalog') as never,
    `service:${project.fields.service_id}`,
    'service',
  );
  if (service?.status !== 'active') {
    logger.info({ project: project.key }, 'demo portfolio project skipped: service not active');
    return;
  }
  let current =
    (await ownPortfolio(deps, owner)).find((p) => p.title === project.fields.title) ??
    (await createProject(deps, owner, { ...project.fields, order_id: null }));
  for (const [position, name] of project.images.entries()) {
    if (current.images.length > position) continue;
    const data = demoImage(name);
    current = await addImage(deps, owner, current.id, data, uploadedImageType(data));
  }
  const orderId = await completedOrderId(couch, demoId, project);
  if (orderId && current.order_id !== orderId)
    await updateProject(deps, owner, current.id, { order_id: orderId });
}

export async function seedDemoPortfolio(
  couch: Couch,
  logger: Logger,
  demoId: (key: string) => string,
): Promise<void> {
  for (const project of DEMO_PORTFOLIO) await ensureProject(couch, logger, demoId, project);
}
