// The Post Project form's values: plain strings and flags, so a draft (JSON in the user's
// database) holds exactly what was typed; conversion to the API's request happens at submit.
import type { CreateProjectRequest, Project } from '../api/projects';

export interface ProjectFormValues {
  title: string;
  /** Markdown. */
  description: string;
  /** Service ids. */
  expertise: string[];
  allow_individual: boolean;
  allow_team: boolean;
  slots: string;
  deadline: string;
  start_date: string;
  end_date: string;
  location: string;
  is_remote: boolean;
  /** Set once the project exists on the server (a save that stopped half-way continues it). */
  project_id: string;
  /** Saved while offline: how to save it ('draft' or 'open') once the device is online. */
  save_when_online: '' | 'draft' | 'open';
}

export type ProjectFormErrors = Partial<
  Record<keyof ProjectFormValues | 'applicant_types' | 'form', string[]>
>;

/** The contract's limits (schemas/projects.ts), checked here before asking the server. */
const TITLE = { min: 10, max: 120 };
const DESCRIPTION = { min: 30, max: 10_000 };
const SLOTS_MAX = 100;
const EXPERTISE_MAX = 10;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function emptyProjectValues(): ProjectFormValues {
  return {
    title: '',
    description: '',
    expertise: [],
    allow_individual: true,
    allow_team: true,
    slots: '1',
    deadline: '',
    start_date: '',
    end_date: '',
    location: '',
    is_remote: false,
    project_id: '',
    save_when_online: '',
  };
}

/** The form's values for an existing project (the edit page). */
export function valuesFromProject(project: Project): ProjectFormValues {
  return {
    ...emptyProjectValues(),
    title: project.title,
    description: project.description,
    expertise: project.expertise.map((e) => e.id),
    allow_individual: project.applicant_types.includes('individual'),
    allow_team: project.applicant_types.includes('team'),
    slots: String(project.slots),
    deadline: project.deadline,
    start_date: project.start_date,
    end_date: project.end_date,
    location: project.location ?? '',
    is_remote: project.location === null,
    project_id: project.id,
  };
}

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** What the form can tell before asking the server (the server checks everything again). */
export function checkProjectValues(values: ProjectFormValues): ProjectFormErrors {
  const errors: ProjectFormErrors = {};
  const title = values.title.trim();
  if (title.length < TITLE.min || title.length > TITLE.max)
    errors.title = [`Give the project a title of ${TITLE.min} to ${TITLE.max} characters.`];
  const description = values.description.trim();
  if (description.length < DESCRIPTION.min)
    errors.description = [`Describe the project in at least ${DESCRIPTION.min} characters.`];
  else if (description.length > DESCRIPTION.max)
    errors.description = ['At most 10,000 characters.'];
  if (values.expertise.length === 0) errors.expertise = ['Choose at least one expertise.'];
  else if (values.expertise.length > EXPERTISE_MAX)
    errors.expertise = [`Choose at most ${EXPERTISE_MAX}.`];
  if (!values.allow_individual && !values.allow_team)
    errors.applicant_types = ['Allow individuals, teams or both.'];
  const slots = wholeNumber(values.slots);
  if (slots === null || slots < 1 || slots > SLOTS_MAX)
    errors.slots = [`Enter the number of places, 1 to ${SLOTS_MAX}.`];
  if (!DATE.test(values.deadline)) errors.deadline = ['Choose the application deadline.'];
  if (!DATE.test(values.start_date)) errors.start_date = ['Choose the start date.'];
  if (!DATE.test(values.end_date)) errors.end_date = ['Choose the end date.'];
  if (!errors.end_date && !errors.start_date && values.end_date < values.start_date)
    errors.end_date = ['The end date is on or after the start date.'];
  if (!errors.deadline && !errors.start_date && values.start_date < values.deadline)
    errors.deadline = ['Applications close on or before the start date.'];
  if (!values.is_remote && values.location.trim().length < 2)
    errors.location = ['Say where it takes place, or tick Remote.'];
  return errors;
}

/** The request body of POST /api/projects (call after checkProjectValues found nothing). */
export function toProjectRequest(
  values: ProjectFormValues,
  status: 'draft' | 'open',
): CreateProjectRequest {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    expertise: values.expertise,
    applicant_types: [
      ...(values.allow_individual ? (['individual'] as const) : []),
      ...(values.allow_team ? (['team'] as const) : []),
    ],
    slots: wholeNumber(values.slots) ?? 1,
    deadline: values.deadline,
    start_date: values.start_date,
    end_date: values.end_date,
    location: values.is_remote ? null : values.location.trim(),
    status,
  };
}

/** The API's field errors (`applicant_types.0`, `expertise`, …) on the form's fields. */
export function toProjectFormErrors(errors: Record<string, string[]>): ProjectFormErrors {
  const found: ProjectFormErrors = {};
  const known = new Set<string>([...Object.keys(emptyProjectValues()), 'applicant_types']);
  known.delete('project_id');
  known.delete('save_when_online');
  for (const [field, messages] of Object.entries(errors)) {
    const head = field.split('.')[0] ?? '';
    const key = (known.has(head) ? head : 'form') as keyof ProjectFormErrors;
    found[key] = [...(found[key] ?? []), ...messages];
  }
  return found;
}
