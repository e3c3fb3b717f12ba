import { describe, expect, it } from 'vitest';
import {
  checkProjectValues,
  emptyProjectValues,
  toProjectFormErrors,
  toProjectRequest,
  type ProjectFormValues,
} from './project-form';

const valid = (over: Partial<ProjectFormValues> = {}): ProjectFormValues => ({
  ...emptyProjectValues(),
  title: 'Design a three-day food tour of Lisbon',
  description: 'Plan the stops, the tastings and the walking route for a group of twelve.',
  expertise: ['tour-guide', 'chef'],
  slots: '3',
  deadline: '2027-03-01',
  start_date: '2027-03-10',
  end_date: '2027-03-12',
  location: 'Lisbon',
  ...over,
});

describe('the project form', () => {
  it('finds nothing wrong with a complete project', () => {
    expect(checkProjectValues(valid())).toEqual({});
  });

  it('asks for each missing or wrong field by name', () => {
    const errors = checkProjectValues({
      ...emptyProjectValues(),
      allow_individual: false,
      allow_team: false,
      slots: '0',
    });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'applicant_types',
        'deadline',
        'description',
        'end_date',
        'expertise',
        'location',
        'slots',
        'start_date',
        'title',
      ].sort(),
    );
  });

  it('keeps the dates in order: deadline, start, end', () => {
    expect(checkProjectValues(valid({ end_date: '2027-03-09' })).end_date).toBeDefined();
    expect(checkProjectValues(valid({ deadline: '2027-03-11' })).deadline).toBeDefined();
    expect(checkProjectValues(valid({ deadline: '2027-03-10' })).deadline).toBeUndefined();
  });

  it('a remote project needs no location and is sent with location null', () => {
    const values = valid({ is_remote: true, location: '' });
    expect(checkProjectValues(values)).toEqual({});
    expect(toProjectRequest(values, 'draft')).toMatchObject({ location: null, status: 'draft' });
  });

  it('sends the applicant types ticked, the places as a number', () => {
    expect(toProjectRequest(valid({ allow_individual: false }), 'open')).toMatchObject({
      applicant_types: ['team'],
      slots: 3,
      status: 'open',
    });
  });

  it("puts the server's field errors by their fields, the rest at the top", () => {
    expect(
      toProjectFormErrors({
        'applicant_types.0': ['Individual or team.'],
        title: ['A title has at least 10 characters.'],
        project_id: ['odd'],
        other: ['Something else.'],
      }),
    ).toEqual({
      applicant_types: ['Individual or team.'],
      title: ['A title has at least 10 characters.'],
      form: ['odd', 'Something else.'],
    });
  });
});
