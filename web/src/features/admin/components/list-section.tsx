import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { plural } from '@/lib/format';

interface PageMeta {
  total: number;
  page: number;
  last_page: number;
}

/** "12 orders match, page 2 of 3.": how many a list holds (match, when filtered) and where. */
export function listCount(meta: PageMeta, noun: string, nouns: string, isFiltered: boolean) {
  if (meta.total === 0) return `No ${nouns} match.`;
  const where = meta.last_page > 1 ? `, page ${meta.page} of ${meta.last_page}` : '';
  return `${plural(meta.total, noun, nouns)}${isFiltered ? ' match' : ''}${where}.`;
}

/** A page of an admin list: how many match (announced), the rows, and the links to the pages. */
export function ListSection({
  label,
  noun,
  nouns = `${noun}s`,
  meta,
  isFiltered,
  isBusy,
  hrefFor,
  children,
}: {
  label: string;
  noun: string;
  nouns?: string;
  meta: PageMeta;
  isFiltered: boolean;
  isBusy: boolean;
  hrefFor: (page: number) => string;
  /** The rows (a table), when there are any. */
  children: ReactNode;
}) {
  return (
    <section className="list-section" aria-label={label} aria-busy={isBusy || undefined}>
      <p className="list-count" role="status">
        {listCount(meta, noun, nouns, isFiltered)}
      </p>
      {children}
      <Pagination
        page={meta.page}
        lastPage={meta.last_page}
        hrefFor={hrefFor}
        label={`Pages of ${nouns}`}
      />
    </section>
  );
}
