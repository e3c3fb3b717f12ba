import type { ReactNode } from 'react';

/** Terms and their values, in two columns: the facts of a detail card. */
export function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
