/**
 * The demo projects (seed step 6, issue 19): open projects of the demo lecturers, one draft, and
 * applications from the demo students, written through the same service functions a request
 * runs (routes/projects/). Each project's id comes from its key, so a seed run again skips what
 * it wrote (409); an application already sent is a conflict it passes over. Mail is not sent.
 */
import { createHash } from 'node:crypto';
import type { Env } from '../config/env';
import type { Couch } from '../couch/connect';
import { isNotFound } from '../couch/errors';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import type { ApplicantType } from '../schemas/projects';
import { apply } from '../routes/projects/applications.service';
import { createProject } from '../routes/projects/projects.service';
import { listActiveServices } from '../routes/services/services.service';
import { SandboxPaymentProvider } from '../routes/orders/payments';
import { userKey, type UserDoc } from '../routes/users/users.model';

const DAY = 86_400_000;

interface DemoProject {
  key: string;
  lecturer: string;
  title: string;
  description: string;
  expertise: string[];
  applicant_types: ApplicantType[];
  slots: number;
  location: string | null;
  status: 'open' | 'draft';
  /** Days from the seed to the deadline, the start and the end. */
  days: [number, number, number];
  applications: {
    student: string;
    expertise: string;
    apply_reason: string;
    self_describe: string;
  }[];
}

const DEMO_PROJECTS: DemoProject[] = [
  {
    key: 'project-porto-walk',
    lecturer: 'lecturer-1',
    title: 'Design a two-hour walking tour of Porto’s riverside',
    description:
      'Research the history of the Ribeira and Gaia quays, plan a two-hour route with five stops, write the script and guide a test group of classmates. Photographs of each stop are part of the brief.',
    expertise: ['tour-guide', 'photographer'],
    applicant_types: ['individual', 'team'],
    slots: 4,
    location: 'Porto, Portugal',
    status: 'open',
    days: [14, 21, 35],
    applications: [
      {
        student: 'student-1',
        expertise: 'tour-guide',
        apply_reason: 'I grew up near the river and have wanted to guide its history for years.',
        self_describe: 'Second-year tourism student, fluent in Portuguese, English and Mandarin.',
      },
      {
        student: 'student-3',
        expertise: 'photographer',
        apply_reason: 'I would love to photograph the quays at golden hour for the tour’s stops.',
        self_describe: 'Photography student who shoots street and travel work.',
      },
    ],
  },
  {
    key: 'project-harbour-festival',
    lecturer: 'lecturer-2',
    title: 'Produce a one-day harbour food festival for 200 guests',
    description:
      'Teams plan a one-day food festival: the vendors, a menu of regional dishes, a run-of-show, the volunteers and a budget. The best plan is produced with a local events company.',
    expertise: ['events-specialist', 'chef'],
    applicant_types: ['team'],
    slots: 2,
    location: 'Lisbon, Portugal',
    status: 'open',
    days: [20, 30, 60],
    applications: [],
  },
  {
    key: 'project-remote-itinerary',
    lecturer: 'lecturer-1',
    title: 'Write a ten-day rail itinerary across Central Europe',
    description:
      'A remote brief: a ten-day itinerary by train from Vienna to Kraków for a family of four, with hotels, day plans and a budget, presented as a client proposal.',
    expertise: ['travel-consultant', 'travel-agent'],
    applicant_types: ['individual'],
    slots: 6,
    location: null,
    status: 'open',
    days: [10, 12, 26],
    applications: [
      {
        student: 'student-2',
        expertise: 'travel-consultant',
        apply_reason: 'I travelled that route by train last summer and kept notes of every stop.',
        self_describe: 'Tourism management student with a love of night trains.',
      },
    ],
  },
  {
    key: 'project-wedding-draft',
    lecturer: 'lecturer-1',
    title: 'Plan a destination wedding weekend in the Douro valley',
    description:
      'A draft brief: a three-day wedding weekend for 80 guests in a Douro valley quinta, with the ceremony, the transport and a rainy-day plan.',
    expertise: ['wedding-planner'],
    applicant_types: ['individual', 'team'],
    slots: 3,
    location: 'Douro valley, Portugal',
    status: 'draft',
    days: [30, 40, 45],
    applications: [],
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

const passConflict = (error: unknown) => {
  if (!(error instanceof AppError && error.status === 409)) throw error;
};

export async function seedDemoProjects(
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
  // A category an admin removed or deactivated before this step ran is left out of the demo
  // projects (a project with none left is not written), like the demo gigs.
  const active = new Set((await listActiveServices(couch)).map((s) => s.id));
  for (const demo of DEMO_PROJECTS) {
    const lecturer = await readUser(couch, demoId(demo.lecturer));
    if (!lecturer || lecturer.role !== 'Lecturer') continue;
    const expertise = demo.expertise.filter((one) => active.has(one));
    if (!expertise.length) continue;
    const id = createHash('sha256').update(`demo-project\n${demo.key}`).digest('hex').slice(0, 24);
    const [deadline, start, end] = demo.days;
    await createProject(
      deps,
      lecturer,
      {
        title: demo.title,
        description: demo.description,
        expertise,
        applicant_types: demo.applicant_types,
        slots: demo.slots,
        deadline: date(deadline),
        start_date: date(start),
        end_date: date(end),
        location: demo.location,
        status: demo.status,
      },
      id,
    ).catch(passConflict);
    for (const a of demo.applications) {
      const student = await readUser(couch, demoId(a.student));
      if (!student || student.role !== 'Student' || !active.has(a.expertise)) continue;
      await apply(deps, student, id, {
        type: 'individual',
        expertise: a.expertise,
        apply_reason: a.apply_reason,
        self_describe: a.self_describe,
      }).catch(passConflict);
    }
  }
  logger.info({ projects: DEMO_PROJECTS.length }, 'demo projects seeded');
}
