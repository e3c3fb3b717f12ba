import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fixtures';
import type { MemberSummary } from '../api/people';
import { PeopleResults } from './people-results';

const person = (n: number): MemberSummary => ({
  id: `u${n}`,
  tagname: `maria_${n}`,
  full_name: `Maria Number${n}`,
  avatar: null,
  role: 'Agent',
});

const page = (
  data: MemberSummary[],
  meta: Partial<{ page: number; total: number; last_page: number }> = {},
) => ({
  data,
  meta: { page: 1, per_page: 6, total: data.length, last_page: 1, total_capped: false, ...meta },
});

function renderWith(answers: unknown[], q = '@maria') {
  const fetchMock = vi.fn<typeof fetch>(async () => json(200, answers.shift()));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MemoryRouter>
      <PeopleResults q={q} profileHref={(tagname) => `/@/${tagname}`} />
    </MemoryRouter>,
  );
  const urls = () =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
  return { urls };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<PeopleResults>', () => {
  it('searches people with the query and links each to their profile', async () => {
    const { urls } = renderWith([page([person(1), person(2)])]);
    const link = await screen.findByRole('link', { name: /Maria Number1/ });
    expect(link.getAttribute('href')).toBe('/@/maria_1');
    expect(link.textContent).toContain('@maria_1 · Agent');
    expect(screen.getByRole('heading', { name: 'People (2)' })).toBeTruthy();
    const [url] = urls();
    expect(url?.pathname).toBe('/api/users/search');
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      q: '@maria',
      page: '1',
      per_page: '6',
    });
  });

  it('says so when nobody matches', async () => {
    renderWith([page([])], 'nobody');
    expect(await screen.findByText(/No members match “nobody”/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('pages through more people', async () => {
    const { urls } = renderWith([
      page([1, 2, 3, 4, 5, 6].map(person), { total: 8, last_page: 2 }),
      page([7, 8].map(person), { page: 2, total: 8, last_page: 2 }),
    ]);
    await screen.findByRole('link', { name: /Maria Number6/ });
    expect(
      (screen.getByRole('button', { name: 'Previous people' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'More people' }));
    expect(await screen.findByRole('link', { name: /Maria Number8/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Maria Number1\b/ })).toBeNull();
    expect(urls()[1]?.searchParams.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('shows the error with a way to try again', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json(422, { message: 'Enter a name or a tagname.', errors: {} }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <PeopleResults q="@" profileHref={(tagname) => `/@/${tagname}`} />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Enter a name or a tagname.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
