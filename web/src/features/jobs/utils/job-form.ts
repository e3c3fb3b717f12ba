// The Post a Job form's values: plain strings, so a draft (JSON in the user's database) holds
// exactly what was typed; conversion to the API's shape (money in minor units) happens at submit.
import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import { JOB_OPEN_DAYS_DEFAULT, type Job, type JobFields } from '../api/jobs';

export const CURRENCY = 'USD';
/** The API's lowest budget and price: 5.00. */
export const MIN_AMOUNT = 500;

export type BudgetKind = 'fixed' | 'range';

export interface JobFormValues {
  title: string;
  service_id: string;
  description: string;
  budget_kind: BudgetKind;
  /** In dollars as typed: "450" or "450.50". */
  budget_amount: string;
  budget_min: string;
  budget_max: string;
  start_date: string;
  end_date: string;
  destination: string;
  travellers: string;
  open_days: string;
  /** Set once the job exists on the server (a post that stopped half-way continues it). */
  job_id: string;
  /** "Post" was pressed while offline: the job is posted as soon as the device is online. */
  post_when_online: boolean;
}

export type FormErrors = Partial<Record<keyof JobFormValues | 'attachments' | 'form', string[]>>;

export function emptyJobValues(): JobFormValues {
  return {
    title: '',
    service_id: '',
    description: '',
    budget_kind: 'fixed',
    budget_amount: '',
    budget_min: '',
    budget_max: '',
    start_date: '',
    end_date: '',
    destination: '',
    travellers: '1',
    open_days: String(JOB_OPEN_DAYS_DEFAULT),
    job_id: '',
    post_when_online: false,
  };
}

/** The form's values for an existing job (the edit page). */
export function valuesFromJob(job: Job): JobFormValues {
  const { budget } = job;
  const units = (amount: number) => fromMinorUnits(amount, CURRENCY, true);
  return {
    ...emptyJobValues(),
    title: job.title,
    service_id: job.service_id,
    description: job.description,
    budget_kind: budget.kind,
    budget_amount: budget.kind === 'fixed' ? units(budget.amount.amount) : '',
    budget_min: budget.kind === 'range' ? units(budget.min.amount) : '',
    budget_max: budget.kind === 'range' ? units(budget.max.amount) : '',
    start_date: job.start_date,
    end_date: job.end_date ?? '',
    destination: job.destination,
    travellers: String(job.travellers),
    open_days: String(job.open_days),
    job_id: job.id,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The budget as the API takes it: `{amount, currency}` for a fixed price, `{min, max}` for a
 * range, both in minor units; null when what was typed is not a valid budget.
 */
export function toBudget(values: JobFormValues): JobFields['budget'] | null {
  if (values.budget_kind === 'fixed') {
    const amount = toMinorUnits(values.budget_amount, CURRENCY);
    return amount === null || amount < MIN_AMOUNT ? null : { amount, currency: CURRENCY };
  }
  const min = toMinorUnits(values.budget_min, CURRENCY);
  const max = toMinorUnits(values.budget_max, CURRENCY);
  if (min === null || max === null || min < MIN_AMOUNT || min >= max) return null;
  return { min: { amount: min, currency: CURRENCY }, max: { amount: max, currency: CURRENCY } };
}

/** What the form can tell before asking the server (the server checks everything again). */
export function checkValues(values: JobFormValues): FormErrors {
  const errors: FormErrors = {};
  const title = values.title.trim();
  if (title.length < 10 || title.length > 100)
    errors.title = ['Give the job a title of 10 to 100 characters.'];
  if (!values.service_id) errors.service_id = ['Choose a service.'];
  if (values.description.trim().length < 30)
    errors.description = ['Describe what you need in at least 30 characters.'];
  if (values.budget_kind === 'fixed') {
    const amount = toMinorUnits(values.budget_amount, CURRENCY);
    if (amount === null || amount < MIN_AMOUNT)
      errors.budget_amount = ['Enter your budget in US dollars (5 or more), such as 450.'];
  } else {
    const min = toMinorUnits(values.budget_min, CURRENCY);
    const max = toMinorUnits(values.budget_max, CURRENCY);
    if (min === null || min < MIN_AMOUNT)
      errors.budget_min = ['Enter the lowest amount (5 or more), such as 300.'];
    if (max === null || max < MIN_AMOUNT)
      errors.budget_max = ['Enter the highest amount, such as 600.'];
    else if (min !== null && min >= max)
      errors.budget_max = ['The highest amount must be more than the lowest.'];
  }
  if (!DATE.test(values.start_date)) errors.start_date = ['Choose the start date.'];
  if (values.end_date && !DATE.test(values.end_date)) errors.end_date = ['Choose a valid date.'];
  else if (values.end_date && values.start_date && values.end_date < values.start_date)
    errors.end_date = ['The end date cannot be before the start date.'];
  if (values.destination.trim().length < 2)
    errors.destination = ['Say where the trip or event is.'];
  const travellers = wholeNumber(values.travellers);
  if (travellers === null || travellers < 1 || travellers > 500)
    errors.travellers = ['Enter the number of travellers, 1 to 500.'];
  const days = wholeNumber(values.open_days);
  if (days === null || days < 1 || days > 60) errors.open_days = ['A job stays open 1 to 60 days.'];
  return errors;
}

/** The request body of POST /api/jobs (call after checkValues found nothing). */
export function toJobFields(values: JobFormValues): JobFields {
  return {
    title: values.title.trim(),
    service_id: values.service_id,
    description: values.description.trim(),
    budget: toBudget(values) ?? { amount: 0, currency: CURRENCY },
    start_date: values.start_date,
    end_date: values.end_date || null,
    destination: values.destination.trim(),
    travellers: wholeNumber(values.travellers) ?? 1,
    open_days: wholeNumber(values.open_days) ?? JOB_OPEN_DAYS_DEFAULT,
  };
}

/** The API's field errors (`budget.min.amount`, `travellers`, …) on the form's fields. */
export function toFormErrors(errors: Record<string, string[]>, kind: BudgetKind): FormErrors {
  const found: FormErrors = {};
  const add = (key: keyof FormErrors, messages: string[]) => {
    found[key] = [...(found[key] ?? []), ...messages];
  };
  for (const [field, messages] of Object.entries(errors)) {
    const [head, second] = field.split('.');
    if (head === 'budget') {
      if (second === 'min') add('budget_min', messages);
      else if (second === 'max') add('budget_max', messages);
      else add(kind === 'range' ? 'budget_min' : 'budget_amount', messages);
    } else if (head && head in emptyJobValues() && head !== 'job_id') {
      add(head as keyof JobFormValues, messages);
    } else if (head === 'files' || head === 'attachments') {
      add('attachments', messages);
    } else {
      add('form', messages);
    }
  }
  return found;
}
