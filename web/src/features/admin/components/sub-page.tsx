import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** "← All posts": the way back from a page about one thing to the list it belongs to. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="back-link">
      <Link to={to}>
        <span aria-hidden="true">←</span> {children}
      </Link>
    </p>
  );
}

/** A page that creates or edits one thing of a list: the way back, a heading and its form. */
export function FormPage({
  back,
  backLabel,
  title,
  intro,
  children,
}: {
  back: string;
  backLabel: string;
  title: string;
  /** Under the heading: what the page is for, or facts about what it edits. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="admin-page admin-form-page">
      <BackLink to={back}>{backLabel}</BackLink>
      <div className="page-heading">
        <div>
          <h1>{title}</h1>
          {intro}
        </div>
      </div>
      {children}
    </div>
  );
}
