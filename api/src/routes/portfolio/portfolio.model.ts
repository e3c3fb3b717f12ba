/**
 * An agent's portfolio project as stored in wf_catalog (`portfolio:<id>`, pictures as attachments
 * like a gig's) and as clients see it.
 */
import type { OwnPortfolioProject, PortfolioFields, PortfolioProject } from '../../schemas';
import type { ImageRef, WithImages } from '../doc-images';

export interface PortfolioDoc extends PortfolioFields, WithImages {
  _rev?: string;
  type: 'portfolio';
  id: string;
  owner_id: string;
  /** When the linked order completed, copied when it is linked (the order is not public). */
  order_completed_at: string | null;
  /** Where the profile shows it: ascending (a new project takes the first place). */
  position: number;
  images: ImageRef[];
  created_at: string;
  updated_at: string;
}

export const portfolioKey = (id: string) => `portfolio:${id}`;

const portfolioImageUrl = (doc: Pick<PortfolioDoc, 'id'>, imageId: string) =>
  `/api/portfolio/${doc.id}/images/${imageId}`;

export function toProject(doc: PortfolioDoc): PortfolioProject {
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description,
    service_id: doc.service_id,
    completed_on: doc.completed_on,
    images: doc.images.map((image) => portfolioImageUrl(doc, image.id)),
    verified_order:
      doc.order_id && doc.order_completed_at ? { completed_at: doc.order_completed_at } : null,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export function toOwnProject(doc: PortfolioDoc & { _rev: string }): OwnPortfolioProject {
  return { ...toProject(doc), order_id: doc.order_id, revision: doc._rev };
}
