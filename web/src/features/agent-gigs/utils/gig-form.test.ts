import { describe, expect, it } from 'vitest';
import {
  checkValues,
  emptyGigValues,
  formKeyOf,
  stepOfKey,
  toCents,
  toFormErrors,
  toGigFields,
  valuesFromGig,
  type GigFormValues,
} from './gig-form';

function filled(): GigFormValues {
  const values = emptyGigValues();
  return {
    ...values,
    title: 'Kyoto tea ceremony and garden walk',
    service_id: 'tour-guide',
    description:
      'A quiet morning in a machiya tea house, then a walk through two **moss gardens**.',
    destinations: 'Kyoto, Uji, kyoto',
    languages: 'English, Japanese',
    basic: { ...values.basic, price: '45', delivery_days: '2', includes: 'Tea\n\nSweets ' },
    premium: {
      ...values.premium,
      enabled: true,
      price: '1,200.5',
      delivery_days: '3',
      revisions: '2',
    },
    extras: [{ title: 'Hotel pick-up', price: '15', delivery_days: '' }],
  };
}

describe('toCents', () => {
  it('reads dollars as typed, and refuses anything ambiguous', () => {
    expect(toCents('45')).toBe(4500);
    expect(toCents('45.5')).toBe(4550);
    expect(toCents('$1,200.05')).toBe(120005);
    expect(toCents('4.555')).toBeNaN();
    expect(toCents('')).toBeNaN();
    expect(toCents('12 USD')).toBeNaN();
  });
});

describe('toGigFields', () => {
  it('sends the enabled packages in tier order, lists split and trimmed', () => {
    const fields = toGigFields(filled(), 'active');
    expect(fields.packages.map((p) => [p.tier, p.price.amount, p.delivery_days])).toEqual([
      ['basic', 4500, 2],
      ['premium', 120050, 3],
    ]);
    expect(fields.packages[0]!.includes).toEqual(['Tea', 'Sweets']);
    expect(fields.destinations).toEqual(['Kyoto', 'Uji']);
    expect(fields.extras).toEqual([
      { title: 'Hotel pick-up', price: { amount: 1500, currency: 'USD' }, delivery_days: 0 },
    ]);
    expect(fields.location).toBeNull();
    expect(fields.status).toBe('active');
  });

  it('round-trips a gig from the server through the form', () => {
    const fields = toGigFields(filled(), 'draft');
    const gig = {
      ...fields,
      id: 'g1',
      images: ['/api/gigs/g1/images/a1'],
      location: null,
    } as unknown as Parameters<typeof valuesFromGig>[0];
    const values = valuesFromGig(gig);
    expect(values.premium.price).toBe('1200.50');
    expect(values.standard.enabled).toBe(false);
    expect(values.kept_images).toEqual(['/api/gigs/g1/images/a1']);
    expect(toGigFields(values, 'draft').packages).toEqual(fields.packages);
  });
});

describe('errors at their fields', () => {
  it('maps the server’s package index to the tier that was sent there', () => {
    const values = filled();
    expect(formKeyOf('packages.1.price.amount', ['basic', 'premium'])).toBe('premium.price');
    expect(formKeyOf('packages.0.includes.3', ['basic', 'premium'])).toBe('basic.includes');
    expect(formKeyOf('destinations.2', [])).toBe('destinations');
    expect(formKeyOf('extras.0.price.amount', [])).toBe('extras.0.price');
    expect(
      toFormErrors(
        { 'packages.1.delivery_days': ['At least 1 day.'], title: ['Too short.'] },
        values,
      ),
    ).toEqual({ 'premium.delivery_days': ['At least 1 day.'], title: ['Too short.'] });
    expect(stepOfKey('premium.price')).toBe('packages');
    expect(stepOfKey('extras.0.title')).toBe('extras');
    expect(stepOfKey('service_id')).toBe('overview');
  });

  it('checks with the server’s own schema before sending', () => {
    expect(checkValues(filled(), 'active')).toEqual({});
    const bad = filled();
    bad.title = 'Short';
    bad.premium.price = '2';
    bad.basic.delivery_days = 'two';
    const errors = checkValues(bad, 'active');
    expect(errors.title).toEqual(['A title has at least 10 characters.']);
    expect(errors['premium.price']).toEqual(['The lowest price is 5.00.']);
    expect(Object.keys(errors)).toContain('basic.delivery_days');
  });

  it('publishing needs a package and a service; a draft needs neither package', () => {
    const none = filled();
    none.basic.enabled = false;
    none.premium.enabled = false;
    expect(checkValues(none, 'active').packages).toEqual([
      'Add at least one package before publishing.',
    ]);
    expect(checkValues(none, 'draft')).toEqual({});
    expect(checkValues({ ...none, service_id: '' }, 'draft').service_id).toEqual([
      'Choose a service.',
    ]);
  });
});
