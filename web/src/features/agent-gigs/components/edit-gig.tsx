import { getGig, type Gig } from '../api/gigs';
import { useResource } from '@/lib/use-resource';
import { GigForm, type GigFormProps } from './gig-form';

export interface EditGigProps extends Omit<GigFormProps, 'gig'> {
  id: string;
}

/** The Create a Gig form for an existing gig, once it has loaded (drafts are the owner's only). */
export function EditGig({ id, ...props }: EditGigProps) {
  const { resource: state, reload } = useResource<Gig>(`gig:${id}`, (signal) =>
    getGig(id, { signal }),
  );
  if (state.status === 'loading') {
    return (
      <p className="muted" role="status">
        Loading the gig…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">
          {state.error.isNetworkError
            ? 'The gig could not be loaded: editing a published gig needs a connection.'
            : state.error.message}
        </p>
        {state.error.status !== 404 && (
          <button type="button" className="button button-secondary" onClick={reload}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return <GigForm key={state.data.id} gig={state.data} {...props} />;
}
