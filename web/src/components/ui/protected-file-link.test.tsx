import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInForEachTest } from '@/testing/signed-in';
import { ProtectedFileLink } from './protected-file-link';

const { createObjectURL, revokeObjectURL } = URL;

describe('<ProtectedFileLink>', () => {
  signedInForEachTest();
  afterEach(() => {
    vi.restoreAllMocks();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('fetches the file with the bearer token and saves it under its name', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(new Blob(['%PDF-1.4']), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = () => 'blob:cv';
    URL.revokeObjectURL = () => undefined;
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });

    render(
      <ProtectedFileLink href="/api/files/cv/u1?v=abc" fileName="cv.pdf">
        Download CV
      </ProtectedFileLink>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CV' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:cv', download: 'cv.pdf' }]));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/files/cv/u1?v=abc');
    expect((init?.headers as Record<string, string>).Authorization).toMatch(/^Bearer ey/);
  });

  it('says why when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(
            JSON.stringify({ message: 'Only its owner and administrators can download this CV.' }),
            {
              status: 403,
              headers: { 'Content-Type': 'application/json' },
            },
          ),
      ),
    );
    render(
      <ProtectedFileLink href="/api/files/cv/u2" fileName="cv.pdf">
        Download CV
      </ProtectedFileLink>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only its owner and administrators can download this CV.',
    );
  });
});
