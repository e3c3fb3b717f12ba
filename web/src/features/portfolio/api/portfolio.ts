// An agent's portfolio on the server (issue 20): the public list of their profile, and the
// agent's own list, projects, pictures and order. Shapes from the API's schemas (types only).
import type {
  OwnPortfolioProject,
  PortfolioFields,
  PortfolioPatch,
  PortfolioProject,
} from '@wayfarer/api/schemas';
import type { Order } from '@wayfarer/api/schemas/orders';
import { api, type Send } from '@/lib/api-client';

export type { OwnPortfolioProject, PortfolioFields, PortfolioProject };

type Options = { signal?: AbortSignal };
const projectPath = (id: string) => `/portfolio/${encodeURIComponent(id)}`;

/** GET /api/users/{tagname}/portfolio: an agent's projects in their order (their profile). */
export async function listAgentPortfolio(
  tagname: string,
  options: Options = {},
): Promise<PortfolioProject[]> {
  return (
    await api.get<{ data: PortfolioProject[] }>(
      `/users/${encodeURIComponent(tagname)}/portfolio`,
      options,
    )
  ).data;
}

/** GET /api/agent/portfolio: the signed-in agent's projects, with revisions and linked orders. */
export async function listMyPortfolio(options: Options = {}): Promise<OwnPortfolioProject[]> {
  return (await api.get<{ data: OwnPortfolioProject[] }>('/agent/portfolio', options)).data;
}

/** GET /api/portfolio/:id, as its agent reads it (with the revision an edit sends back). */
export async function getMyProject(id: string, options: Options = {}) {
  return (await api.get<{ project: OwnPortfolioProject }>(projectPath(id), options)).project;
}

export async function createProject(fields: PortfolioFields): Promise<OwnPortfolioProject> {
  return (await api.post<{ project: OwnPortfolioProject }>('/portfolio', fields)).project;
}

/** PATCH /api/portfolio/:id; with `revision`, a project changed since it was read is a 409. */
export async function updateProject(id: string, patch: PortfolioPatch) {
  return (await api.patch<{ project: OwnPortfolioProject }>(projectPath(id), patch)).project;
}

export async function deleteProject(id: string): Promise<void> {
  await api.delete(projectPath(id));
}

/** PUT /api/agent/portfolio/order: every project's id once, in the order to show them. */
export async function reorderPortfolio(ids: string[]): Promise<OwnPortfolioProject[]> {
  return (await api.put<{ data: OwnPortfolioProject[] }>('/agent/portfolio/order', { ids })).data;
}

/** POST /api/portfolio/:id/images (multipart "file"); the server checks size and content again. */
export async function uploadProjectImage(id: string, file: Blob, name: string, send?: Send) {
  const body = new FormData();
  body.append('file', file, name);
  return (
    await api.post<{ project: OwnPortfolioProject }>(`${projectPath(id)}/images`, body, { send })
  ).project;
}

/** A picture's URL is `/api/portfolio/<id>/images/<imageId>`. */
export async function removeProjectImage(id: string, imageUrl: string) {
  const imageId = imageUrl.split('/').pop() ?? '';
  return (
    await api.delete<{ project: OwnPortfolioProject }>(
      `${projectPath(id)}/images/${encodeURIComponent(imageId)}`,
    )
  ).project;
}

export interface CompletedOrder {
  id: string;
  gig_title: string;
  customer_name: string;
  completed_at: string | null;
}

/** The agent's completed orders (the newest 100), which a project may be linked to. */
export async function listCompletedOrders(options: Options = {}): Promise<CompletedOrder[]> {
  const { data } = await api.get<{ data: Order[] }>('/orders', {
    ...options,
    query: { as: 'agent', status: 'completed', per_page: 100 },
  });
  return data.map((order) => ({
    id: order.id,
    gig_title: order.gig.title,
    customer_name: order.customer.full_name,
    completed_at: order.completed_at,
  }));
}
