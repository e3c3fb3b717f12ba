// The agent's gigs on the server: create, edit, pause and resume, delete, images, stats.
import type { Gig, GigFields, GigPatch } from '@wayfarer/api/schemas';
import type { AgentStats } from '@wayfarer/api/schemas/gig-stats';
import { api, type Send } from '@/lib/api-client';

export type { AgentStats, Gig };
export type GigStatus = Gig['status'];

/** GET /api/agent/gigs: every gig of the signed-in agent, newest change first. */
export async function listMyGigs(options: { signal?: AbortSignal } = {}): Promise<Gig[]> {
  return (await api.get<{ data: Gig[] }>('/agent/gigs', options)).data;
}

/** GET /api/agent/stats: views and wishlist saves per day, totals, and per gig. */
export function getAgentStats(options: { signal?: AbortSignal } = {}): Promise<AgentStats> {
  return api.get<AgentStats>('/agent/stats', options);
}

export async function getGig(id: string, options: { signal?: AbortSignal } = {}): Promise<Gig> {
  return (await api.get<{ gig: Gig }>(`/gigs/${encodeURIComponent(id)}`, options)).gig;
}

export async function createGig(fields: GigFields): Promise<Gig> {
  return (await api.post<{ gig: Gig }>('/gigs', fields)).gig;
}

export async function updateGig(id: string, patch: GigPatch): Promise<Gig> {
  return (await api.patch<{ gig: Gig }>(`/gigs/${encodeURIComponent(id)}`, patch)).gig;
}

export function setGigStatus(id: string, status: GigStatus): Promise<Gig> {
  return updateGig(id, { status });
}

/** DELETE /api/gigs/:id; 409 while an order on it is open (the server says so). */
export async function deleteGig(id: string): Promise<void> {
  await api.delete(`/gigs/${encodeURIComponent(id)}`);
}

/** POST /api/gigs/:id/images (multipart "file"); the server checks size and content again. */
export async function uploadGigImage(
  id: string,
  file: Blob,
  name: string,
  send?: Send,
): Promise<Gig> {
  const body = new FormData();
  body.append('file', file, name);
  return (
    await api.post<{ gig: Gig }>(`/gigs/${encodeURIComponent(id)}/images`, body, {
      send,
    })
  ).gig;
}

/** An image URL of a gig is `/api/gigs/<id>/images/<imageId>`. */
const imageIdOf = (url: string) => url.split('/').pop() ?? '';

export async function removeGigImage(id: string, imageUrl: string): Promise<Gig> {
  return (
    await api.delete<{ gig: Gig }>(
      `/gigs/${encodeURIComponent(id)}/images/${encodeURIComponent(imageIdOf(imageUrl))}`,
    )
  ).gig;
}
