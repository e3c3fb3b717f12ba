import { useSearchParams } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { listAudit } from '../api/audit';
import { useResource } from '@/lib/use-resource';
import { plural } from '@/lib/format';
import { AuditList } from './audit-list';
import { PageHeading, pageParam } from './admin-list';
import { LoadState } from './load-state';
import './admin.css';

/** /admin/audit: every admin action, newest first. */
export function AuditPage() {
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { resource, reload } = useResource(`audit:${page}`, (signal) =>
    listAudit(page, { signal }),
  );
  return (
    <div className="admin-page">
      <PageHeading title="Audit log">
        Every admin action: who, what, when, and what it changed.
      </PageHeading>
      <LoadState resource={resource} onRetry={reload} what="the audit log">
        {(list) => (
          <section className="card" aria-label="Audit entries">
            {list.meta.total > 0 && (
              <p className="list-count">{plural(list.meta.total, 'entry', 'entries')} in all.</p>
            )}
            <AuditList entries={list.data} />
            <Pagination
              page={list.meta.page}
              lastPage={list.meta.last_page}
              hrefFor={(p) => (p > 1 ? `?page=${p}` : '?')}
              label="Pages of the audit log"
            />
          </section>
        )}
      </LoadState>
    </div>
  );
}
