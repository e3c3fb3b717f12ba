import { api } from '@/lib/api-client';
import type { AdminService, ServiceFormValues } from '../types';

const servicePath = (id: string) => `/admin/services/${encodeURIComponent(id)}`;

/** GET /api/admin/services: every service, active or not, with its gig count. */
export async function listServices(
  options: { signal?: AbortSignal } = {},
): Promise<AdminService[]> {
  return (await api.get<{ data: AdminService[] }>('/admin/services', options)).data;
}

export async function getService(
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<AdminService> {
  return (await api.get<{ service: AdminService }>(servicePath(id), options)).service;
}

/** POST /api/admin/services; the id is made from the name. 422 when the name is taken. */
export async function createService(input: ServiceFormValues): Promise<AdminService> {
  return (await api.post<{ service: AdminService }>('/admin/services', input)).service;
}

/** PUT /api/admin/services/:id: the whole service (activation is a change of `status`). */
export async function updateService(id: string, input: ServiceFormValues): Promise<AdminService> {
  return (await api.put<{ service: AdminService }>(servicePath(id), input)).service;
}

/** DELETE /api/admin/services/:id: 409 with a message when the service has gigs. */
export async function deleteService(id: string): Promise<void> {
  await api.delete(servicePath(id));
}

/** The body PUT needs to change only the status of `service`. */
export function withStatus(service: AdminService, status: AdminService['status']) {
  return {
    name: service.name,
    description: service.description,
    status,
    icon: service.icon,
  } satisfies ServiceFormValues;
}
