import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, setToken } from '@/stores/auth';
import { change, fakeApi, fakeOnlineStatus, json, setOnline } from '@/testing/api-and-network';
import { makeJwt } from '@/testing/fixtures';
import type { Project } from '../api/projects';
import { ProjectForm } from './project-form';

// The device's database: no draft yet, and what the form writes is recorded.
const localDb = vi.hoisted(() => ({
  upsertLocalDoc: vi.fn(async () => undefined),
  useLocalDoc: vi.fn(() => null),
}));
vi.mock('@/lib/local-db', () => localDb);

const SERVICES = [
  { id: 'tour-guide', name: 'Tour Guide' },
  { id: 'chef', name: 'Chef' },
];

function fillProject() {
  change('Title', 'Design a food tour of Lisbon');
  change('Description', 'Plan the stops, tastings and walking route for a group of twelve.');
  fireEvent.click(screen.getByLabelText('Tour Guide'));
  fireEvent.click(screen.getByLabelText('Chef'));
  change('Places', '3');
  change('Application deadline', '2027-03-01');
  change('Start date', '2027-03-10');
  change('End date', '2027-03-12');
  change('Location', 'Lisbon');
}

describe('<ProjectForm>', () => {
  beforeEach(() => {
    clearAuth();
    setToken(makeJwt(Date.now() + 30 * 60_000));
    fakeOnlineStatus();
    localDb.upsertLocalDoc.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearAuth();
  });

  it('publishes: the request of the contract, and the saved project goes to onSaved', async () => {
    const fetchMock = fakeApi(() => json(201, { project: { id: 'p1', title: 'x' } }));
    const onSaved = vi.fn<(project: Project) => void>();
    render(<ProjectForm services={SERVICES} onSaved={onSaved} />);
    fillProject();
    fireEvent.click(screen.getByLabelText('Individuals'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(input), 'http://localhost').pathname).toBe('/api/projects');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Design a food tour of Lisbon',
      description: 'Plan the stops, tastings and walking route for a group of twelve.',
      expertise: ['tour-guide', 'chef'],
      applicant_types: ['team'],
      slots: 3,
      deadline: '2027-03-01',
      start_date: '2027-03-10',
      end_date: '2027-03-12',
      location: 'Lisbon',
      status: 'open',
    });
  });

  it('saved as a draft while offline: kept, then sent as a draft once back online', async () => {
    const fetchMock = fakeApi(() => json(201, { project: { id: 'p1', title: 'x' } }));
    const onSaved = vi.fn();
    render(<ProjectForm services={SERVICES} onSaved={onSaved} />);
    fillProject();
    fireEvent.click(screen.getByLabelText('Remote (no place to travel to)'));
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect((await screen.findByTestId('project-form-alert')).textContent).toContain(
      'The project is saved as a draft as soon as you are back online.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    // The typed project is autosaved to the user's database as a draft doc.
    await waitFor(() => expect(localDb.upsertLocalDoc).toHaveBeenCalled());
    expect((localDb.upsertLocalDoc.mock.calls[0] as unknown[] | undefined)?.[0]).toBe(
      'draft:project:new',
    );

    setOnline(true);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'draft', location: null });
  });

  it("shows the API's 422 field errors by their fields", async () => {
    fakeApi(() =>
      json(422, {
        message: 'There were some problems with your input.',
        errors: { deadline: ['Applications close on or before the start date.'] },
      }),
    );
    const onSaved = vi.fn();
    render(<ProjectForm services={SERVICES} onSaved={onSaved} />);
    fillProject();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const error = await screen.findByText('Applications close on or before the start date.');
    const input = screen.getByLabelText('Application deadline');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
    // Typing in the field clears its error (spec section 5).
    change('Application deadline', '2027-03-02');
    expect(screen.queryByText('Applications close on or before the start date.')).toBeNull();
  });

  it('checks before sending: no expertise, no request', () => {
    const fetchMock = fakeApi(() => json(500, {}));
    render(<ProjectForm services={SERVICES} onSaved={vi.fn()} />);
    fillProject();
    fireEvent.click(screen.getByLabelText('Tour Guide'));
    fireEvent.click(screen.getByLabelText('Chef'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText('Choose at least one expertise.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews the description as Markdown', () => {
    fakeApi(() => json(500, {}));
    render(<ProjectForm services={SERVICES} onSaved={vi.fn()} />);
    change('Description', 'A **bold** plan');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByTestId('description-preview').querySelector('strong')?.textContent).toBe(
      'bold',
    );
  });
});
