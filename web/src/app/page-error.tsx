import { Link } from 'react-router-dom';
import { buildPath } from '@/config/paths';
import { RELOADING_MESSAGE, useRouteErrorView } from './use-route-error-view';

/** A page's error boundary, inside its layout (the header and footer stay). */
export function PageError() {
  const view = useRouteErrorView();
  if (view.reloading) {
    return (
      <section className="page-error" role="status">
        <p>{RELOADING_MESSAGE}</p>
      </section>
    );
  }
  return (
    <section className="page-error" aria-labelledby="page-error-title">
      <h1 id="page-error-title">{view.title}</h1>
      <p>{view.text}</p>
      <p className="app-error-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to={buildPath('index')}>Go to the home page</Link>
      </p>
    </section>
  );
}
