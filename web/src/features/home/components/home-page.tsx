import type { ReactNode } from 'react';

interface HomePageProps {
  /** The live service status; composed in app/ because features do not import each other. */
  status?: ReactNode;
  /** The service categories, composed the same way. */
  categories?: ReactNode;
}

export function HomePage({ status, categories }: HomePageProps) {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Find the travel professionals who make the trip</h1>
        <p className="hero-pitch">
          Hire trusted travel agents, tour guides, chefs, photographers and event planners, pay
          safely into escrow, and release the money only when the work is delivered.
        </p>
      </section>
      {status}
      {categories}
    </>
  );
}
