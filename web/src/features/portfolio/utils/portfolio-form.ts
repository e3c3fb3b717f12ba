// The portfolio project form's values: plain strings, so a draft (JSON in the user's database)
// holds exactly what was typed; the API's shape is made at submit. The checks say what the
// server would, in the same words, before the round trip.
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_FIRST_YEAR,
  PORTFOLIO_TITLE_MAX,
  PORTFOLIO_TITLE_MIN,
} from '@wayfarer/api/schemas/portfolio';
import type { OwnPortfolioProject, PortfolioFields } from '../api/portfolio';

export interface PortfolioFormValues {
  title: string;
  service_id: string;
  description: string;
  /** "2024" as typed, or empty. */
  completed_year: string;
  /** "01" to "12", or empty (a year alone). */
  completed_month: string;
  /** One of the agent's completed orders, or empty. */
  order_id: string;
}

export type PortfolioFormErrors = Partial<
  Record<keyof PortfolioFormValues | 'images' | 'form', string[]>
>;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function emptyPortfolioValues(): PortfolioFormValues {
  return {
    title: '',
    service_id: '',
    description: '',
    completed_year: '',
    completed_month: '',
    order_id: '',
  };
}

export function valuesFromProject(project: OwnPortfolioProject): PortfolioFormValues {
  const [year = '', month = ''] = (project.completed_on ?? '').split('-');
  return {
    title: project.title,
    service_id: project.service_id,
    description: project.description,
    completed_year: year,
    completed_month: month,
    order_id: project.order_id ?? '',
  };
}

/** What the form would send: the API's fields. */
export function toPortfolioFields(values: PortfolioFormValues): PortfolioFields {
  const year = values.completed_year.trim();
  return {
    title: values.title.trim(),
    service_id: values.service_id,
    description: values.description.trim(),
    completed_on: year
      ? values.completed_month
        ? `${year}-${values.completed_month}`
        : year
      : null,
    order_id: values.order_id || null,
  };
}

/** The form's problems by field, as the server would name them; none: an empty object. */
export function checkPortfolioValues(
  values: PortfolioFormValues,
  now: Date = new Date(),
): PortfolioFormErrors {
  const errors: PortfolioFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = ['Enter a title.'];
  else if (title.length < PORTFOLIO_TITLE_MIN)
    errors.title = [`A title has at least ${PORTFOLIO_TITLE_MIN} characters.`];
  else if (title.length > PORTFOLIO_TITLE_MAX)
    errors.title = [`A title has at most ${PORTFOLIO_TITLE_MAX} characters.`];
  if (!values.service_id) errors.service_id = ['Choose a service.'];
  if (values.description.trim().length > PORTFOLIO_DESCRIPTION_MAX)
    errors.description = ['At most 2,000 characters.'];
  const year = values.completed_year.trim();
  if (!year && values.completed_month) {
    errors.completed_year = ['Enter the year of that month, such as 2024.'];
  } else if (year) {
    const latest = now.toISOString();
    const completed = toPortfolioFields(values).completed_on ?? '';
    if (!/^\d{4}$/.test(year)) errors.completed_year = ['Enter a year such as 2024.'];
    else if (Number(year) < PORTFOLIO_FIRST_YEAR)
      errors.completed_year = [`Enter a year from ${PORTFOLIO_FIRST_YEAR} on.`];
    else if (completed > latest.slice(0, completed.length))
      errors.completed_year = ['That date is in the future.'];
  }
  return errors;
}

/** The server's field errors by the form's fields; the rest for the alert. */
export function toPortfolioFormErrors(errors: Record<string, string[]>): PortfolioFormErrors {
  const found: PortfolioFormErrors = {};
  const fields = ['title', 'service_id', 'description', 'order_id'] as const;
  for (const [name, messages] of Object.entries(errors)) {
    if (name === 'completed_on') found.completed_year = messages;
    else if (name === 'file') found.images = messages;
    else if ((fields as readonly string[]).includes(name))
      found[name as (typeof fields)[number]] = messages;
    else found.form = [...(found.form ?? []), ...messages];
  }
  return found;
}

/** "April 2025" or "2025": when the work was done. */
export function completedLabel(completedOn: string): string {
  const [year, month] = completedOn.split('-');
  const name = month ? MONTHS[Number(month) - 1] : undefined;
  return name ? `${name} ${year}` : (year ?? completedOn);
}
