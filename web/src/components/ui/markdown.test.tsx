import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { extractHeadings } from './markdown-headings';

const SOURCE = [
  '# Help',
  '',
  'Read the [FAQ](/faq), our [partner](https://example.com/x) or [write](mailto:a@b.test).',
  '',
  '## Getting **started**',
  '',
  '<script>alert(1)</script> <b>raw</b>',
  '',
  '## Getting started',
].join('\n');

function renderWithRouter(markdown: string, shiftHeadings = false) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Markdown shiftHeadings={shiftHeadings}>{markdown}</Markdown> },
      { path: '/faq', element: <h1>FAQ page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('<Markdown>', () => {
  afterEach(() => cleanup());

  it('gives headings the ids a table of contents computes', () => {
    renderWithRouter(SOURCE);
    const ids = extractHeadings(SOURCE).map((h) => h.id);
    const rendered = screen.getAllByRole('heading').map((h) => h.id);
    expect(rendered).toEqual(ids);
    expect(ids).toEqual(['help', 'getting-started', 'getting-started-2']);
  });

  it('drops raw HTML', () => {
    const { container } = render(<Markdown>{'Hello <b>bold</b> <script>x()</script>'}</Markdown>);
    expect(container.querySelector('b, script')).toBeNull();
  });

  it('navigates internal links with the router and opens others in a new tab', async () => {
    const router = renderWithRouter(SOURCE);
    const external = screen.getByRole('link', { name: 'partner' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'write' }).getAttribute('target')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { name: 'FAQ page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/faq');
  });

  it('can demote headings under a page title', () => {
    renderWithRouter('# Title\n\n## Part', true);
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Part' })).toBeTruthy();
  });
});
