import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { WishlistItems } from './wishlist-items';

describe('<WishlistItems>', () => {
  afterEach(() => cleanup());

  it("shows only the app's own pictures and https ones; any other becomes no picture", () => {
    const { container } = render(
      <MemoryRouter>
        <WishlistItems
          items={[
            { kind: 'gig', ref: 'g1', title: 'Own', image: '/api/gigs/g1/images/0a1b2c' },
            { kind: 'gig', ref: 'g2', title: 'Https', image: 'https://img.example.com/a.jpg' },
            { kind: 'gig', ref: 'g3', title: 'Script', image: 'javascript:alert(1)' },
            { kind: 'gig', ref: 'g4', title: 'Data', image: 'data:image/svg+xml,<svg/>' },
            { kind: 'user', ref: 'ana', title: 'Ana Lima', image: 'javascript:alert(2)' },
          ]}
        />
      </MemoryRouter>,
    );
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/api/gigs/g1/images/0a1b2c', 'https://img.example.com/a.jpg']);
    expect(container.innerHTML).not.toContain('javascript:');
    expect(container.innerHTML).not.toContain('data:image');
  });
});
