/**
 * A job's attachments: each its own document `jobfile:<job>:<file>` in wf_market with the bytes
 * as its attachment (the job stays small), checked by content and size as an order's files are
 * (orders/order-files.ts `readOrderUpload`); whoever may see the job may read them.
 */
import { randomBytes } from 'node:crypto';
import { isNotFound } from '../../couch/errors';
import { conflict, notFound } from '../../lib/errors';
import type { Job } from '../../schemas/jobs';
import type { OrderFile } from '../../schemas/orders';
import { ORDER_FILES_MAX, type UploadedFile } from '../orders/order-files';
import type { OrdersDeps } from '../orders/orders.service';
import type { UserDoc } from '../users/users.model';
import { publishJob } from './job-followup';
import { isOpen, toJob } from './job-model';
import { mutateJob, readJob, withEvent } from './job-store';

export async function addJobFiles(
  deps: OrdersDeps,
  user: UserDoc,
  jobId: string,
  files: UploadedFile[],
): Promise<Job> {
  const job = await readJob(deps, jobId);
  if (job.customer_id !== user.id) throw notFound('No such job.');
  const now = deps.clock.now();
  if (!isOpen(job, now)) throw conflict('Files can be added to an open job only.');
  if (job.attachments.length + files.length > ORDER_FILES_MAX)
    throw conflict(`A job has at most ${ORDER_FILES_MAX} files.`);
  const stored: OrderFile[] = [];
  for (const file of files) {
    const id = randomBytes(8).toString('hex');
    await deps.couch.db('market').insert({
      _id: `jobfile:${jobId}:${id}`,
      type: 'jobfile',
      job_id: jobId,
      uploader: user.id,
      name: file.name,
      at: now.toISOString(),
      _attachments: { file: { content_type: file.type, data: file.data.toString('base64') } },
    } as never);
    stored.push({
      id,
      name: file.name,
      content_type: file.type,
      size: file.data.length,
      url: `/api/jobs/${jobId}/files/${id}`,
    });
  }
  const updated = await mutateJob(deps, jobId, (current) => {
    if (!isOpen(current, deps.clock.now()))
      throw conflict('Files can be added to an open job only.');
    return withEvent(
      { ...current, attachments: [...current.attachments, ...stored] },
      'edited',
      deps.clock.now(),
    );
  });
  await publishJob(deps, jobId).catch(() => undefined);
  return toJob(updated, { id: user.id, role: user.role }, null, deps.clock.now());
}

export async function readJobFile(
  deps: Pick<OrdersDeps, 'couch'>,
  jobId: string,
  fileId: string,
): Promise<{ data: Buffer; contentType: string; name: string }> {
  const db = deps.couch.db('market');
  const docId = `jobfile:${jobId}:${fileId}`;
  try {
    const doc = (await db.get(docId)) as unknown as {
      name: string;
      _attachments: { file: { content_type: string } };
    };
    const data = (await db.attachment.get(docId, 'file')) as Buffer;
    return { data, contentType: doc._attachments.file.content_type, name: doc.name };
  } catch (error) {
    if (isNotFound(error)) throw notFound('No such file.');
    throw error;
  }
}
