import { useState } from 'react';
import { notifyError } from '@/stores/notification';
import { saveProject, unsaveProject, useProjectBoxEntry } from '../api/projectbox';

/**
 * "Save to Project Box" on a project's page: the entry `projectbox:<id>` in the user's own
 * database (offline too); pressed again it takes "saved" off (the box keeps what the server
 * wrote, such as "applied").
 */
export function SaveProjectButton({ project }: { project: { id: string; title: string } }) {
  const entry = useProjectBoxEntry(project.id);
  const [isBusy, setBusy] = useState(false);
  const isSaved = !!entry?.relations.includes('saved');
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-pressed={isSaved}
      disabled={entry === undefined || isBusy}
      onClick={() => {
        setBusy(true);
        (entry && isSaved ? unsaveProject(entry._id) : saveProject(project))
          .catch((error: unknown) =>
            notifyError(error instanceof Error ? error.message : 'The project could not be saved.'),
          )
          .finally(() => setBusy(false));
      }}
    >
      {isSaved ? 'Saved to Project Box' : 'Save to Project Box'}
    </button>
  );
}
