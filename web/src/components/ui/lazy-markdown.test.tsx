import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LazyMarkdown } from './lazy-markdown';

describe('LazyMarkdown', () => {
  it('shows the text as plain paragraphs first, then as Markdown in the same place', async () => {
    const { container } = render(
      <MemoryRouter>
        <LazyMarkdown className="markdown">{'A **bold** walk.\n\n- Tea\n- Dates'}</LazyMarkdown>
      </MemoryRouter>,
    );
    expect([...container.querySelectorAll('.markdown p')].map((p) => p.textContent)).toEqual([
      'A bold walk.',
      'Tea Dates',
    ]);
    expect(container.querySelector('strong')).toBeNull();
    expect(await screen.findByText('bold', { selector: 'strong' })).toBeTruthy();
    expect([...container.querySelectorAll('.markdown li')].map((li) => li.textContent)).toEqual([
      'Tea',
      'Dates',
    ]);
  });
});
