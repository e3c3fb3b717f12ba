import { describe, expect, it } from 'vitest';
import { iconNameFor, SERVICE_ICON_NAMES } from './service-icon';

describe('iconNameFor', () => {
  it('draws the stored icon, else the seeded category’s, else a briefcase', () => {
    expect(iconNameFor('chef', 'plane')).toBe('plane');
    expect(iconNameFor('chef', null)).toBe('chef-hat');
    expect(iconNameFor('chef', 'no-such-icon')).toBe('chef-hat');
    expect(iconNameFor('scuba-instructor', undefined)).toBe('briefcase');
    expect(iconNameFor(undefined, null)).toBe('briefcase');
  });

  it('offers the admin every icon it can draw', () => {
    expect(SERVICE_ICON_NAMES).toEqual(expect.arrayContaining(['chef-hat', 'wave', 'tag']));
  });
});
