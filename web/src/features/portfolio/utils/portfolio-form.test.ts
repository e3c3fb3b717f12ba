import { portfolioFieldsSchema } from '@wayfarer/api/schemas/portfolio';
import { describe, expect, it } from 'vitest';
import type { OwnPortfolioProject } from '../api/portfolio';
import {
  checkPortfolioValues,
  completedLabel,
  emptyPortfolioValues,
  toPortfolioFields,
  toPortfolioFormErrors,
  valuesFromProject,
  type PortfolioFormValues,
} from './portfolio-form';

const NOW = new Date('2026-05-20T12:00:00Z');
const filled = (change: Partial<PortfolioFormValues> = {}): PortfolioFormValues => ({
  ...emptyPortfolioValues(),
  title: 'Pink Lake sunrise',
  service_id: 'tour-guide',
  description: 'Twelve people, **one** minibus.',
  ...change,
});

describe('the fields sent', () => {
  it('makes the date from the year and the month, or the year alone, or none', () => {
    expect(toPortfolioFields(filled({ completed_year: '2025', completed_month: '04' }))).toEqual({
      title: 'Pink Lake sunrise',
      service_id: 'tour-guide',
      description: 'Twelve people, **one** minibus.',
      completed_on: '2025-04',
      order_id: null,
    });
    expect(toPortfolioFields(filled({ completed_year: ' 2025 ' })).completed_on).toBe('2025');
    expect(toPortfolioFields(filled()).completed_on).toBeNull();
    expect(toPortfolioFields(filled({ order_id: 'o1' })).order_id).toBe('o1');
  });

  it('reads a project back into the same values', () => {
    const project = {
      id: 'p1',
      title: 'Pink Lake sunrise',
      service_id: 'tour-guide',
      description: 'Twelve people.',
      completed_on: '2025-04',
      order_id: 'o1',
    } as OwnPortfolioProject;
    const values = valuesFromProject(project);
    expect(values).toMatchObject({ completed_year: '2025', completed_month: '04', order_id: 'o1' });
    expect(toPortfolioFields(values)).toMatchObject({ completed_on: '2025-04', order_id: 'o1' });
    expect(valuesFromProject({ ...project, completed_on: null, order_id: null })).toMatchObject({
      completed_year: '',
      completed_month: '',
      order_id: '',
    });
  });
});

describe('the checks before sending', () => {
  it('names the same problems as the server', () => {
    const cases: Partial<PortfolioFormValues>[] = [
      {},
      { title: 'ab' },
      { title: 'x'.repeat(81) },
      { service_id: '' },
      { description: 'x'.repeat(2001) },
      { completed_year: '2025', completed_month: '12' },
      { completed_year: '24' },
      { completed_year: '1949' },
    ];
    for (const change of cases) {
      const values = filled(change);
      const local = Object.keys(checkPortfolioValues(values, NOW)).map((name) =>
        name === 'completed_year' ? 'completed_on' : name,
      );
      const server = portfolioFieldsSchema.safeParse(toPortfolioFields(values));
      const serverFields = server.success
        ? []
        : [...new Set(server.error.issues.map((issue) => String(issue.path[0])))];
      expect(local.sort(), JSON.stringify(change)).toEqual(serverFields.sort());
    }
  });

  it('refuses a date after this month, and a month without its year', () => {
    expect(
      checkPortfolioValues(filled({ completed_year: '2026', completed_month: '06' }), NOW),
    ).toEqual({ completed_year: ['That date is in the future.'] });
    expect(checkPortfolioValues(filled({ completed_year: '2027' }), NOW)).toEqual({
      completed_year: ['That date is in the future.'],
    });
    expect(
      checkPortfolioValues(filled({ completed_year: '2026', completed_month: '05' }), NOW),
    ).toEqual({});
    expect(checkPortfolioValues(filled({ completed_month: '05' }), NOW)).toEqual({
      completed_year: ['Enter the year of that month, such as 2024.'],
    });
  });
});

it('puts the server’s errors by the form’s fields', () => {
  expect(
    toPortfolioFormErrors({
      completed_on: ['That date is in the future.'],
      order_id: ['Choose one of your completed orders.'],
      file: ['The image is too large.'],
      owner_id: ['Unknown field.'],
    }),
  ).toEqual({
    completed_year: ['That date is in the future.'],
    order_id: ['Choose one of your completed orders.'],
    images: ['The image is too large.'],
    form: ['Unknown field.'],
  });
});

it('says when the work was done', () => {
  expect(completedLabel('2025-04')).toBe('April 2025');
  expect(completedLabel('2025')).toBe('2025');
});
