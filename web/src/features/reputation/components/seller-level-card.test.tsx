import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NEW_AGENT_REPUTATION } from '@/testing/fixtures';
import { useUnreachableApi } from '@/testing/unreachable-api';
import type { SellerLevelProgress } from '../api/reputation';
import { SellerLevelCard, SellerLevelPanel } from './seller-level-card';

const progress = (fields: Partial<SellerLevelProgress> = {}): SellerLevelProgress => ({
  level: 'level_1',
  completed_orders: 7,
  rating: { average: 4.63, count: 6 },
  on_time_rate: 0.9523,
  response_rate: 1,
  response_time_hours: 2.4,
  cancellation_rate: 0,
  next: { level: 'level_2', missing: ['13 more completed orders'] },
  ...fields,
});

describe('<SellerLevelCard>', () => {
  afterEach(() => cleanup());

  it('shows the level, the measures behind it and what the next level still needs', () => {
    render(<SellerLevelCard progress={progress()} />);
    expect(screen.getByTestId('seller-level').textContent).toBe('Level 1');
    expect(screen.getByTestId('level-completed').textContent).toBe('7');
    expect(screen.getByTestId('level-rating').textContent).toBe('4.63 (6)');
    expect(screen.getByTestId('level-on-time').textContent).toBe('95%');
    expect(screen.getByTestId('level-response-rate').textContent).toBe('100%');
    expect(screen.getByTestId('level-response-time').textContent).toBe('About 2 hours');
    expect(screen.getByTestId('level-cancellations').textContent).toBe('0%');
    const next = screen.getByTestId('level-next');
    expect(within(next).getByRole('heading').textContent).toBe('To reach Level 2');
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['13 more completed orders']);
  });

  it('a new seller: no reviews yet, nothing measured in the window shows as a dash', () => {
    render(
      <SellerLevelCard
        progress={progress({
          ...NEW_AGENT_REPUTATION,
          next: {
            level: 'level_1',
            missing: [
              '5 more completed orders',
              'An average rating of 4.4 or more (no reviews yet)',
            ],
          },
        })}
      />,
    );
    expect(screen.getByTestId('seller-level').textContent).toBe('New seller');
    expect(screen.getByTestId('level-rating').textContent).toBe('No reviews yet');
    expect(screen.getByTestId('level-on-time').textContent).toBe('—');
    expect(screen.getByTestId('level-response-time').textContent).toBe('—');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('at the top there is no next level', () => {
    render(<SellerLevelCard progress={progress({ level: 'top_rated', next: null })} />);
    expect(screen.getByTestId('seller-level').textContent).toBe('Top Rated');
    expect(screen.getByTestId('level-next').textContent).toMatch(/highest level/);
  });
});

describe('<SellerLevelPanel>', () => {
  useUnreachableApi();
  afterEach(() => cleanup());

  it('loads, then says why the level could not be loaded and offers to try again', async () => {
    render(<SellerLevelPanel />);
    expect(screen.getByRole('status').textContent).toMatch(/Loading your seller level/);
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy(), { timeout: 5000 });
    expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
