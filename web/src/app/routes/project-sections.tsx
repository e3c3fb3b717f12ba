// Open projects where visitors look around (issue 19): on Explore, for Students, beside the gigs,
// and a few on the home page. Loaded apart from those pages (React.lazy), so neither page's
// first JavaScript grows with the projects feature.
import { LatestOpenProjects, OpenProjects } from '@/features/projects/components/project-lists';
import { buildPath } from '@/config/paths';
import { useServiceList } from './gig-sections';

const projectHref = (id: string) => buildPath('project.show', { id });

/** Explore's Projects tab. */
export function ExploreProjects() {
  const services = useServiceList();
  return <OpenProjects services={services} projectHref={projectHref} />;
}

/** The home page's "Open projects" (nothing when there is none). */
export function HomeOpenProjects() {
  return (
    <LatestOpenProjects
      projectHref={projectHref}
      moreHref={buildPath('explore', undefined, { tab: 'projects' })}
    />
  );
}
