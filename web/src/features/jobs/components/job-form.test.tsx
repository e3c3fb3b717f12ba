import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, setToken } from '@/stores/auth';
import { change, fakeApi, fakeOnlineStatus, json, setOnline } from '@/testing/api-and-network';
import { makeJwt } from '@/testing/fixtures';
import type { Job } from '../api/jobs';
import { JobForm } from './job-form';

// The device's database: no draft yet, and what the form writes is recorded.
const localDb = vi.hoisted(() => ({
  upsertLocalDoc: vi.fn(async () => undefined),
  useLocalDoc: vi.fn(() => null),
}));
vi.mock('@/lib/local-db', () => localDb);

const SERVICES = [{ id: 'tour-guide', name: 'Tour Guide' }];

function fillJob() {
  change('Title', 'Family week in Dakar with children');
  change('Service', 'tour-guide');
  change('Description', 'Two adults, two children; markets and a farm visit, slow mornings.');
  fireEvent.click(screen.getByLabelText('A range'));
  change('From (US$)', '300');
  change('To (US$)', '600.50');
  change('Start date', '2027-04-01');
  change('End date', '2027-04-05');
  change('Destination', 'Dakar');
  change('Travellers', '4');
}

describe('<JobForm>', () => {
  beforeEach(() => {
    clearAuth();
    setToken(makeJwt(Date.now() + 30 * 60_000));
    fakeOnlineStatus();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearAuth();
  });

  it('posted offline: nothing is sent until the connection is back, then the job in minor units', async () => {
    const fetchMock = fakeApi(() => json(201, { job: { id: 'j1', title: 'x' } }));
    const onSaved = vi.fn<(job: Job) => void>();
    render(<JobForm services={SERVICES} onSaved={onSaved} />);
    fillJob();
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Post job' }));
    expect((await screen.findByTestId('job-form-alert')).textContent).toContain(
      'You are offline. The job is posted as soon as you are back online.',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    setOnline(true);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(input), 'http://localhost').pathname).toBe('/api/jobs');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Family week in Dakar with children',
      service_id: 'tour-guide',
      description: 'Two adults, two children; markets and a farm visit, slow mornings.',
      budget: { min: { amount: 30000, currency: 'USD' }, max: { amount: 60050, currency: 'USD' } },
      start_date: '2027-04-01',
      end_date: '2027-04-05',
      destination: 'Dakar',
      travellers: 4,
      open_days: 14,
    });
  });

  it("shows the API's field errors by their fields", async () => {
    fakeApi(() =>
      json(422, {
        message: 'There were some problems with your input.',
        errors: { 'budget.max.amount': ['The highest budget is more than the lowest.'] },
      }),
    );
    const onSaved = vi.fn();
    render(<JobForm services={SERVICES} onSaved={onSaved} />);
    fillJob();
    fireEvent.click(screen.getByRole('button', { name: 'Post job' }));
    const error = await screen.findByText('The highest budget is more than the lowest.');
    expect(error.id).toBe(
      screen.getByLabelText('To (US$)').getAttribute('aria-describedby')?.split(' ').pop(),
    );
    expect(screen.getByLabelText('To (US$)').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('checks before sending: nothing goes out with a missing budget', () => {
    const fetchMock = fakeApi(() => json(500, {}));
    render(<JobForm services={SERVICES} onSaved={vi.fn()} />);
    fillJob();
    change('To (US$)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Post job' }));
    expect(screen.getByText('Enter the highest amount, such as 600.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
