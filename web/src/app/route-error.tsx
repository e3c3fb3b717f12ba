import { RELOADING_MESSAGE, useRouteErrorView } from './use-route-error-view';

/** The root error boundary (no layout around it): a clear message, never a stack trace. */
export function RouteError() {
  const view = useRouteErrorView();
  if (view.reloading) {
    return (
      <main className="app-error container" role="status">
        <p>{RELOADING_MESSAGE}</p>
      </main>
    );
  }
  return (
    <main className="app-error container" role="alert">
      <h1>{view.title}</h1>
      <p>{view.text}</p>
      <p className="app-error-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
