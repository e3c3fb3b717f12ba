import { useEffect, useRef, useState } from 'react';
import './api-reference.css';

const OPENAPI_URL = '/api/openapi.json';

/**
 * /developers/api: every endpoint of the API, rendered by Swagger UI from the OpenAPI document
 * the server generates from its route definitions. The viewer (about 500 KB compressed) loads
 * only here, after the page shows.
 */
export function ApiReferencePage() {
  const viewer = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let active = true;
    import('../utils/swagger-ui').then(
      ({ renderApiReference }) => {
        if (!active || !viewer.current) return;
        renderApiReference(viewer.current, OPENAPI_URL, () => {
          if (active) setState('ready');
        });
      },
      () => {
        if (active) setState('error');
      },
    );
    return () => {
      active = false;
    };
  }, []);

  return (
    <section className="api-reference" aria-labelledby="api-reference-title">
      <div className="page-heading">
        <div>
          <h1 id="api-reference-title">API reference</h1>
          <p className="muted">
            Every endpoint of the Wayfarer Market API, generated from the server’s route
            definitions. The document itself: <a href={OPENAPI_URL}>{OPENAPI_URL}</a> (OpenAPI 3.1).
          </p>
        </div>
      </div>
      {state === 'loading' && (
        <p className="muted" role="status">
          Loading the reference…
        </p>
      )}
      {state === 'error' && (
        <p className="alert alert-error" role="alert">
          The reference could not be loaded. Check your connection and reload the page.
        </p>
      )}
      <div ref={viewer} className="api-reference-viewer" data-state={state} />
    </section>
  );
}
