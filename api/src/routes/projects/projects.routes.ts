import { Hono, type Context } from 'hono';
import { currentAuth } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import {
  applyProjectSchema,
  createProjectSchema,
  decisionSchema,
  projectMessageSchema,
  projectReviewSchema,
  projectSearchQuerySchema,
  updateProjectSchema,
} from '../../schemas/projects';
import { endpoints } from '../endpoint';
import * as applications from './applications.service';
import * as projects from './projects.service';

const endpoint = endpoints({ tag: 'Projects', auth: 'required' });

const PROJECT = '{project} with the actions the caller may take now';
const OWN = { 404: 'No such project, or not yours' };
const pageQuery = projectSearchQuerySchema.pick({ page: true, per_page: true });

const moveEndpoint = (summary: string, conflict: string) =>
  endpoint({
    summary,
    permission: 'project.create',
    responses: { 200: PROJECT, ...OWN, 409: conflict },
  });

/** Projects and applications (issue 19): posting, Explore, applying, the shortlist, the dashboard. */
export function projectRoutes(deps: AppDeps) {
  const move = (action: 'start' | 'complete' | 'cancel') => async (c: Context<AppEnv>) =>
    c.json({
      project: await projects.moveProject(deps, currentAuth(c).user, c.req.param('id')!, action),
    });
  return new Hono<AppEnv>()
    .post(
      '/projects',
      endpoint({
        summary: 'Post a project (a lecturer): open for applications, or a draft',
        permission: 'project.create',
        body: createProjectSchema,
        responses: { 201: PROJECT },
      }),
      async (c) => {
        const project = await projects.createProject(
          deps,
          currentAuth(c).user,
          c.req.valid('json'),
        );
        return c.json({ project }, 201);
      },
    )
    .get(
      '/projects',
      endpoint({
        summary: 'Explore: open projects before their deadline, newest first',
        description:
          'Filters: `q` (every word, in the title, description or location), `expertise` (a service id), `type` (individual or team), `deadline_before` (the deadline on or before this day). Reads at most 2,000 index rows; past that, `total` is a lower bound.',
        auth: 'optional',
        query: projectSearchQuerySchema,
        responses: { 200: '{data: [project summary], meta}' },
      }),
      async (c) => c.json(await projects.searchProjects(deps, c.req.valid('query'))),
    )
    .get(
      '/lecturer/projects',
      endpoint({
        summary: "The lecturer's projects in every status, newest first",
        permission: 'project.create',
        query: pageQuery,
        responses: { 200: '{data: [project summary], meta}' },
      }),
      async (c) =>
        c.json(await projects.lecturerProjects(deps, currentAuth(c).user, c.req.valid('query'))),
    )
    .get(
      '/applications',
      endpoint({
        summary: "The student's applications: alone, led or as a party member, newest first",
        permission: 'project.apply',
        query: pageQuery,
        responses: { 200: '{data: [application], meta}' },
      }),
      async (c) =>
        c.json(await projects.myApplications(deps, currentAuth(c).user, c.req.valid('query'))),
    )
    .get(
      '/users/:tagname/projects',
      endpoint({
        tag: 'Members',
        summary: "A member's projects: a lecturer's (not drafts), a student's completed ones",
        auth: 'optional',
        responses: { 200: '{data: [{project, review}]}', 404: 'No member has this tagname' },
      }),
      async (c) => c.json({ data: await projects.profileProjects(deps, c.req.param('tagname')) }),
    )
    .get(
      '/project/:id',
      endpoint({
        summary: 'A project: the brief, and what the caller may do',
        description: 'A draft is seen by its lecturer only. A student sees `my_application`.',
        auth: 'optional',
        responses: { 200: '{project}', 404: 'No such project, or a draft of another' },
      }),
      async (c) =>
        c.json({
          project: await projects.getProject(deps, c.get('auth')?.user ?? null, c.req.param('id')),
        }),
    )
    .patch(
      '/project/:id',
      endpoint({
        summary: 'Edit a draft or open project (its lecturer); `status: open` publishes a draft',
        permission: 'project.create',
        body: updateProjectSchema,
        responses: {
          200: PROJECT,
          ...OWN,
          409: 'In progress, completed or cancelled',
          422: 'Fields, or fewer places than accepted applicants',
        },
      }),
      async (c) =>
        c.json({
          project: await projects.updateProject(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.valid('json'),
          ),
        }),
    )
    .post(
      '/project/:id/apply',
      endpoint({
        summary: 'Apply to an open project, alone or as the party you lead',
        description:
          'One application per student and per party per project; a student in a pending or accepted application of the project is in no other. A team lists members of the caller’s party, each with an expertise the project wants.',
        permission: 'project.apply',
        body: applyProjectSchema,
        responses: {
          201: '{application}',
          404: 'No such project',
          409: 'Applied already, in another application, closed, past its deadline or full',
        },
      }),
      async (c) => {
        const application = await applications.apply(
          deps,
          currentAuth(c).user,
          c.req.param('id'),
          c.req.valid('json'),
        );
        return c.json({ application }, 201);
      },
    )
    .delete(
      '/project/:id/apply',
      endpoint({
        summary: 'Withdraw your pending application (alone, or your party’s as its leader)',
        permission: 'project.apply',
        responses: {
          200: '{application}',
          403: 'A member of the team, not its leader',
          404: 'No application to this project',
          409: 'Accepted already',
        },
      }),
      async (c) =>
        c.json({
          application: await applications.withdraw(deps, currentAuth(c).user, c.req.param('id')),
        }),
    )
    .get(
      '/project/:id/shortlist',
      endpoint({
        summary: 'The applications of your project (not withdrawn), individuals and teams',
        permission: 'project.create',
        responses: { 200: 'ShortlistResponse', ...OWN },
      }),
      async (c) =>
        c.json(await applications.shortlist(deps, currentAuth(c).user, c.req.param('id'))),
    )
    .post(
      '/project/:id/shortlist/:applicationId/accept',
      endpoint({
        summary: 'Accept an application: a slot for the applicant (never more than the slots)',
        description:
          'Accepting it again answers the same. An optional `message` goes with the decision.',
        permission: 'project.create',
        body: decisionSchema,
        responses: {
          200: '{application}',
          404: 'No such application of your project',
          409: 'Every place taken, the application not pending, or the project not open or in progress',
        },
      }),
      async (c) =>
        c.json({
          application: await applications.accept(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.param('applicationId'),
            c.req.valid('json').message,
          ),
        }),
    )
    .post(
      '/project/:id/shortlist/:applicationId/decline',
      endpoint({
        summary: 'Decline a pending application, with an optional message',
        permission: 'project.create',
        body: decisionSchema,
        responses: {
          200: '{application}',
          404: 'No such application of your project',
          409: 'Accepted or withdrawn',
        },
      }),
      async (c) =>
        c.json({
          application: await applications.decline(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.param('applicationId'),
            c.req.valid('json').message,
          ),
        }),
    )
    .get(
      '/project/:id/dashboard',
      endpoint({
        summary: 'The accepted participants and teams, with their reviews',
        responses: {
          200: 'ProjectDashboard',
          404: 'No such project, or not its lecturer or a participant',
        },
      }),
      async (c) => c.json(await projects.dashboard(deps, currentAuth(c).user, c.req.param('id'))),
    )
    .post(
      '/project/:id/message',
      endpoint({
        summary: 'Send a message to every participant (each in your conversation with them)',
        permission: 'project.create',
        body: projectMessageSchema,
        responses: {
          200: '{conversation_ids, skipped}: a participant the message cannot go to is skipped',
          403: 'Your email address is not verified',
          ...OWN,
          409: 'No participants yet',
        },
      }),
      async (c) =>
        c.json(
          await projects.messageParticipants(
            deps,
            currentAuth(c).user,
            c.req.param('id'),
            c.req.valid('json'),
          ),
        ),
    )
    .post(
      '/project/:id/start',
      moveEndpoint(
        'Start an open project with at least one accepted applicant',
        'Not open, or nobody accepted',
      ),
      move('start'),
    )
    .post(
      '/project/:id/complete',
      moveEndpoint('Complete a project in progress', 'Not in progress'),
      move('complete'),
    )
    .post(
      '/project/:id/cancel',
      moveEndpoint(
        'Cancel a project before it is complete: waiting applications are declined',
        'Completed or cancelled already',
      ),
      move('cancel'),
    )
    .post(
      '/project/:id/reviews',
      endpoint({
        summary:
          'Review a participant of your completed project (once each): points for their expertise',
        permission: 'project.create',
        body: projectReviewSchema,
        responses: {
          201: '{review}',
          ...OWN,
          409: 'Not completed, or reviewed already',
          422: 'Not a participant, or the fields',
        },
      }),
      async (c) => {
        const review = await projects.reviewParticipant(
          deps,
          currentAuth(c).user,
          c.req.param('id'),
          c.req.valid('json'),
        );
        return c.json({ review }, 201);
      },
    );
}
