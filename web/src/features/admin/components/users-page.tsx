import { ROLES } from '@wayfarer/api/schemas/roles';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import '@/components/form/form.css';
import { SearchInput } from '@/components/ui/search-input';
import { listUsers } from '../api/users';
import { useSearchBox } from '../hooks/use-search-box';
import { useResource } from '@/lib/use-resource';
import type { AdminUserRow } from '../types';
import { formatDate } from '@/lib/format';
import {
  changeUserFilters,
  DEFAULT_USER_FILTERS,
  hasUserFilters,
  parseUserFilters,
  userFiltersToParams,
  userFiltersToQuery,
  type UserFilters,
} from '../utils/user-filters';
import { ListSection } from './list-section';
import { LoadState } from './load-state';
import { StatusBadge, VerifiedBadge } from './badges';
import './admin.css';

function SelectFilter({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="field filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function UsersTable({ users }: { users: AdminUserRow[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table users-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Email verified</th>
            <th scope="col">Joined</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row" data-label="Name">
                <Link to={buildPath('admin.users.show', { id: user.id })}>{user.full_name}</Link>
                {user.tagname && <span className="cell-sub muted">@{user.tagname}</span>}
              </th>
              <td data-label="Email" className="cell-wrap">
                {user.email}
              </td>
              <td data-label="Role">{user.role}</td>
              <td data-label="Status">
                <StatusBadge status={user.status} />
              </td>
              <td data-label="Email verified">
                <VerifiedBadge verified={user.verified} />
              </td>
              <td data-label="Joined" className="cell-nowrap">
                {formatDate(user.created_at)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/users: everyone with an account; search, filters, sort and page live in the URL. */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const filters = parseUserFilters(params);
  const searchBox = useSearchBox(filters.search);
  const query = userFiltersToQuery(filters);
  const key = JSON.stringify(query);
  const { resource, reload } = useResource(key, (signal) => listUsers(query, { signal }));

  const change = (patch: Partial<UserFilters>, replace = false) =>
    setParams(userFiltersToParams(changeUserFilters(filters, patch)), { replace });
  const hrefFor = (page: number) => {
    const search = userFiltersToParams({ ...filters, page }).toString();
    return search ? `?${search}` : '?';
  };

  return (
    <div className="admin-page">
      <div className="page-heading">
        <div>
          <h1>Users</h1>
          <p className="muted">Everyone with an account on the marketplace.</p>
        </div>
        <Link to={buildPath('admin.audit')} className="button button-secondary">
          Audit log
        </Link>
      </div>

      <form
        className="card filters"
        role="search"
        aria-label="Filter users"
        onSubmit={(event) => event.preventDefault()}
      >
        {/* Typing replaces the history entry; each filter is a step of its own. */}
        <SearchInput
          key={searchBox.boxKey}
          className="field filter-field filter-search"
          label="Search"
          placeholder="Name, email or tagname"
          maxLength={100}
          defaultValue={filters.search}
          onSearch={(text) => {
            const search = text.trim();
            if (search === filters.search) return;
            searchBox.report(search);
            change({ search }, true);
          }}
        />
        <SelectFilter
          label="Role"
          value={filters.role}
          onChange={(role) => change({ role: role as UserFilters['role'] })}
          options={[
            { value: '', label: 'All roles' },
            ...ROLES.map((r) => ({ value: r, label: r })),
          ]}
        />
        <SelectFilter
          label="Status"
          value={filters.status}
          onChange={(status) => change({ status: status as UserFilters['status'] })}
          options={[
            { value: '', label: 'Any status' },
            { value: 'active', label: 'Active' },
            { value: 'suspended', label: 'Suspended' },
          ]}
        />
        <SelectFilter
          label="Email"
          value={filters.verified}
          onChange={(verified) => change({ verified: verified as UserFilters['verified'] })}
          options={[
            { value: '', label: 'Verified or not' },
            { value: 'true', label: 'Verified' },
            { value: 'false', label: 'Not verified' },
          ]}
        />
        <SelectFilter
          label="Sort by"
          value={filters.sort}
          onChange={(sort) => change({ sort: sort as UserFilters['sort'] })}
          options={[
            { value: 'newest', label: 'Newest first' },
            { value: 'oldest', label: 'Oldest first' },
            { value: 'name', label: 'Name, A to Z' },
          ]}
        />
        {hasUserFilters(filters) && (
          <button
            type="button"
            className="button button-ghost filters-clear"
            onClick={() =>
              setParams(userFiltersToParams({ ...DEFAULT_USER_FILTERS, sort: filters.sort }))
            }
          >
            Clear filters
          </button>
        )}
      </form>

      <LoadState resource={resource} onRetry={reload} what="users">
        {(list) => (
          <ListSection
            label="Users"
            noun="user"
            meta={list.meta}
            isFiltered={hasUserFilters(filters)}
            isBusy={resource.status === 'loading'}
            hrefFor={hrefFor}
          >
            {list.data.length > 0 && <UsersTable users={list.data} />}
          </ListSection>
        )}
      </LoadState>
    </div>
  );
}
