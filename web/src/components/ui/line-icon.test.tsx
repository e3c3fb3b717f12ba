import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LineIcon } from './line-icon';

afterEach(() => cleanup());

describe('LineIcon', () => {
  it('draws one stroked path, hidden from assistive technology', () => {
    const { container } = render(<LineIcon d="M4 5h16" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.getAttribute('width')).toBe('20');
    const path = svg.querySelector('path')!;
    expect(path.getAttribute('d')).toBe('M4 5h16');
    expect(path.getAttribute('fill')).toBe('none');
    expect(path.getAttribute('stroke')).toBe('currentColor');
    expect(path.getAttribute('stroke-width')).toBe('1.8');
    expect(path.getAttribute('stroke-linecap')).toBe('round');
    expect(path.getAttribute('stroke-linejoin')).toBe('round');
  });

  it('takes a size, a weight and sharp corners', () => {
    const { container } = render(
      <LineIcon d="M4 5h16" size={16} weight={2} roundJoins={false} className="x" />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('height')).toBe('16');
    expect(svg.getAttribute('class')).toBe('x');
    const path = svg.querySelector('path')!;
    expect(path.getAttribute('stroke-width')).toBe('2');
    expect(path.hasAttribute('stroke-linejoin')).toBe(false);
  });
});
