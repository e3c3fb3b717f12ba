import { Link } from 'react-router-dom';

interface NotFoundPageProps {
  homeHref: string;
}

export function NotFoundPage({ homeHref }: NotFoundPageProps) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <Link to={homeHref}>Back to the home page</Link>
      </p>
    </section>
  );
}
