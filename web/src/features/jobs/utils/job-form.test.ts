import { describe, expect, it } from 'vitest';
import type { Job } from '../api/jobs';
import {
  checkValues,
  emptyJobValues,
  toBudget,
  toFormErrors,
  toJobFields,
  valuesFromJob,
  type JobFormValues,
} from './job-form';

const filled = (change: Partial<JobFormValues> = {}): JobFormValues => ({
  ...emptyJobValues(),
  title: 'Family trip to Kyoto in spring',
  service_id: 'tour-guides',
  description: 'Two adults and two children, temples and a tea ceremony.',
  budget_amount: '450.50',
  start_date: '2027-04-01',
  end_date: '2027-04-05',
  destination: 'Kyoto',
  travellers: '4',
  ...change,
});

describe('the budget', () => {
  it('sends a fixed budget in minor units', () => {
    expect(toBudget(filled({ budget_amount: '450.50' }))).toEqual({
      amount: 45050,
      currency: 'USD',
    });
    expect(toBudget(filled({ budget_amount: '1,200' }))).toEqual({
      amount: 120000,
      currency: 'USD',
    });
  });

  it('sends a range as {min, max} in minor units', () => {
    expect(
      toBudget(filled({ budget_kind: 'range', budget_min: '300', budget_max: '600.5' })),
    ).toEqual({
      min: { amount: 30000, currency: 'USD' },
      max: { amount: 60050, currency: 'USD' },
    });
  });

  it('refuses zero, three decimals and a range whose min is not below its max', () => {
    expect(toBudget(filled({ budget_amount: '0' }))).toBeNull();
    expect(toBudget(filled({ budget_amount: '4.99' }))).toBeNull();
    expect(toBudget(filled({ budget_amount: '4.505' }))).toBeNull();
    expect(
      toBudget(filled({ budget_kind: 'range', budget_min: '600', budget_max: '600' })),
    ).toBeNull();
    expect(
      checkValues(filled({ budget_kind: 'range', budget_min: '700', budget_max: '600' })),
    ).toHaveProperty('budget_max');
    expect(checkValues(filled({ budget_amount: 'abc' }))).toHaveProperty('budget_amount');
  });

  it('reads a job back in major units', () => {
    const job = {
      id: 'j1',
      title: 'A job',
      service_id: 's',
      description: 'd',
      budget: {
        kind: 'range',
        min: { amount: 30000, currency: 'USD' },
        max: { amount: 60050, currency: 'USD' },
      },
      start_date: '2027-04-01',
      end_date: null,
      destination: 'Kyoto',
      travellers: 2,
      open_days: 10,
    } as unknown as Job;
    expect(valuesFromJob(job)).toMatchObject({
      budget_kind: 'range',
      budget_min: '300',
      budget_max: '600.50',
      end_date: '',
      travellers: '2',
      open_days: '10',
      job_id: 'j1',
    });
  });
});

describe('the form', () => {
  it('finds nothing wrong with a complete job and builds the request', () => {
    const values = filled();
    expect(checkValues(values)).toEqual({});
    expect(toJobFields(values)).toEqual({
      title: 'Family trip to Kyoto in spring',
      service_id: 'tour-guides',
      description: 'Two adults and two children, temples and a tea ceremony.',
      budget: { amount: 45050, currency: 'USD' },
      start_date: '2027-04-01',
      end_date: '2027-04-05',
      destination: 'Kyoto',
      travellers: 4,
      open_days: 14,
    });
  });

  it('opens for 14 days by default and refuses more than 60', () => {
    expect(emptyJobValues().open_days).toBe('14');
    expect(checkValues(filled({ open_days: '61' }))).toHaveProperty('open_days');
    expect(checkValues(filled({ open_days: '60' }))).toEqual({});
  });

  it('refuses an end before the start, no travellers, a short title and description', () => {
    const errors = checkValues(
      filled({ end_date: '2027-03-01', travellers: '0', title: 'Kyoto', description: 'Temples.' }),
    );
    expect(Object.keys(errors).sort()).toEqual(['description', 'end_date', 'title', 'travellers']);
  });

  it("puts the server's field errors by the fields", () => {
    expect(
      toFormErrors(
        {
          'budget.min.amount': ['Too low.'],
          'budget.max': ['Too high.'],
          title: ['Too short.'],
          files: ['Not allowed.'],
          something: ['Odd.'],
        },
        'range',
      ),
    ).toEqual({
      budget_min: ['Too low.'],
      budget_max: ['Too high.'],
      title: ['Too short.'],
      attachments: ['Not allowed.'],
      form: ['Odd.'],
    });
    expect(toFormErrors({ 'budget.amount': ['Bad.'] }, 'fixed')).toEqual({
      budget_amount: ['Bad.'],
    });
  });
});
