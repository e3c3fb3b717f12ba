// The copies the server keeps in the user's own database (issue 19), read offline too: a
// lecturer's projects `project:<id>` (type project_mirror) and a student's applications
// `application:<id>` (type application_mirror), each rewritten after every change.
import { useMemo } from 'react';
import type { ApplicationMirrorDoc, ProjectMirrorDoc } from '@wayfarer/api/schemas/userdb-docs';
import { USERDB_PREFIX } from '@wayfarer/api/schemas/userdb-rules';
import { useLocalDocs } from '@/lib/local-db';

export type { ApplicationMirrorDoc };

/** The student's applications on this device, newest first; null while the database opens. */
export function useDeviceApplications(): ApplicationMirrorDoc[] | null {
  const docs = useLocalDocs<ApplicationMirrorDoc>(USERDB_PREFIX.applicationMirror);
  return useMemo(
    () =>
      docs
        ?.filter((doc) => doc.type === 'application_mirror')
        .sort((a, b) => b.application.created_at.localeCompare(a.application.created_at)) ?? null,
    [docs],
  );
}

/** The lecturer's projects on this device, newest first; null while the database opens. */
export function useDeviceProjects(): ProjectMirrorDoc[] | null {
  const docs = useLocalDocs<ProjectMirrorDoc>(USERDB_PREFIX.projectMirror);
  return useMemo(
    () =>
      docs
        ?.filter((doc) => doc.type === 'project_mirror')
        .sort((a, b) => b.project.created_at.localeCompare(a.project.created_at)) ?? null,
    [docs],
  );
}
