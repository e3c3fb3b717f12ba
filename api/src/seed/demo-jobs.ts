/**
 * The demo jobs (seed step 5, issue 18): a few open jobs of the demo customers on the board, some
 * with offers from the demo agents, written through the same service functions a request runs
 * (routes/jobs/jobs.service.ts). Each job's id comes from its key, so a seed run again skips the
 * jobs it wrote; an offer already sent is a conflict it passes over. Mail is not sent.
 */
import { createHash } from 'node:crypto';
import type { Env } from '../config/env';
import type { Couch } from '../couch/connect';
import { isNotFound } from '../couch/errors';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import type { CreateJobInput } from '../schemas/jobs';
import { createJob, createOffer } from '../routes/jobs/jobs.service';
import { SandboxPaymentProvider } from '../routes/orders/payments';
import { userKey, type UserDoc } from '../routes/users/users.model';

const DAY = 86_400_000;

interface DemoJob {
  key: string;
  customer: string;
  fields: Omit<CreateJobInput, 'start_date' | 'end_date'> & {
    starts_in_days: number;
    days: number;
  };
  offers: {
    agent: string;
    amount: number;
    delivery_days: number;
    revisions: number;
    message: string;
  }[];
}

const DEMO_JOBS: DemoJob[] = [
  {
    key: 'job-lisbon-family',
    customer: 'customer-1',
    fields: {
      title: 'Family guide for three days in Lisbon and Sintra',
      service_id: 'tour-guide',
      description:
        'We are two adults and two children (8 and 11) visiting Lisbon. We would like a patient guide for the old town, a tram ride and a day in Sintra, with short walks and a lunch stop the children will enjoy.',
      budget: {
        kind: 'range',
        min: { amount: 40_000, currency: 'USD' },
        max: { amount: 65_000, currency: 'USD' },
      },
      destination: 'Lisbon, Portugal',
      travellers: 4,
      open_days: 14,
      starts_in_days: 40,
      days: 3,
    },
    offers: [
      {
        agent: 'agent-1',
        amount: 52_000,
        delivery_days: 3,
        revisions: 1,
        message:
          'I guide families every week: tram 28 in the morning, pastéis de nata, and Sintra by train with a short route for the children.',
      },
      {
        agent: 'agent-2',
        amount: 58_000,
        delivery_days: 3,
        revisions: 2,
        message:
          'Happy to plan it around the children: a cooking stop in Alfama and Pena Palace early, before the crowds.',
      },
    ],
  },
  {
    key: 'job-kyoto-food',
    customer: 'customer-2',
    fields: {
      title: 'Evening food tour in Kyoto for a small group',
      service_id: 'tour-guide',
      description:
        'Six colleagues in Kyoto for a conference want one evening of local food: Pontocho or Nishiki, a few small places, vegetarian options for two of us.',
      budget: { kind: 'fixed', amount: { amount: 30_000, currency: 'USD' } },
      destination: 'Kyoto, Japan',
      travellers: 6,
      open_days: 10,
      starts_in_days: 25,
      days: 0,
    },
    offers: [
      {
        agent: 'agent-2',
        amount: 29_000,
        delivery_days: 1,
        revisions: 0,
        message:
          'I run evening food walks in Pontocho; two of the stops have vegetarian menus I know well.',
      },
    ],
  },
  {
    key: 'job-marrakech-planning',
    customer: 'customer-1',
    fields: {
      title: 'Plan a week in Marrakech and the Atlas mountains',
      service_id: 'tour-guide',
      description:
        'Looking for someone to plan and guide a week: the medina, a riad stay, and two days of walking in the Atlas with a local host.',
      budget: {
        kind: 'range',
        min: { amount: 80_000, currency: 'USD' },
        max: { amount: 120_000, currency: 'USD' },
      },
      destination: 'Marrakech, Morocco',
      travellers: 2,
      open_days: 21,
      starts_in_days: 60,
      days: 7,
    },
    offers: [],
  },
];

const noMail: Mailer = { local: true, send: async () => undefined, outbox: async () => [] };

async function readUser(couch: Couch, id: string): Promise<UserDoc | undefined> {
  try {
    const doc = (await couch.db('users').get(userKey(id))) as unknown as UserDoc;
    return doc.type === 'user' && doc.status === 'active' ? doc : undefined;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export async function seedDemoJobs(
  couch: Couch,
  logger: Logger,
  env: Env,
  demoId: (key: string) => string,
): Promise<void> {
  const clock = systemClock;
  const deps = {
    couch,
    logger,
    env: { ...env, TEST_FAULT: undefined },
    mailer: noMail,
    clock,
    payments: new SandboxPaymentProvider(couch, () => clock.now()),
    publicUrl: () => (env.PUBLIC_URL ?? '').replace(/\/$/, ''),
  };
  const date = (days: number) =>
    new Date(clock.now().getTime() + days * DAY).toISOString().slice(0, 10);
  for (const demo of DEMO_JOBS) {
    const customer = await readUser(couch, demoId(demo.customer));
    if (!customer || customer.role !== 'Customer') continue;
    const id = createHash('sha256').update(`demo-job\n${demo.key}`).digest('hex').slice(0, 24);
    const { starts_in_days, days, ...fields } = demo.fields;
    try {
      await createJob(
        deps,
        customer,
        {
          ...fields,
          start_date: date(starts_in_days),
          end_date: days ? date(starts_in_days + days) : null,
        },
        id,
      );
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
    for (const o of demo.offers) {
      const agent = await readUser(couch, demoId(o.agent));
      if (!agent || agent.role !== 'Agent') continue;
      try {
        await createOffer(deps, agent, id, {
          price: { amount: o.amount, currency: 'USD' },
          delivery_days: o.delivery_days,
          revisions: o.revisions,
          message: o.message,
          gig_id: null,
        });
      } catch (error) {
        if (!(error instanceof AppError && error.status === 409)) throw error;
      }
    }
  }
  logger.info({ jobs: DEMO_JOBS.length }, 'demo jobs seeded');
}
