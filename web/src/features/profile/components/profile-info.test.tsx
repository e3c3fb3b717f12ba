import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { ProfileInfo } from './profile-info';

describe('<ProfileInfo> points', () => {
  afterEach(() => cleanup());

  it('says "0 Points" for a member with no leaderboard entry (spec: the points label)', () => {
    render(<ProfileInfo user={makeUser({ expertise: 'Chef', leaderboards: [] })} />);
    expect(screen.getByTestId('points-label').textContent).toBe('0 Points');
    expect(screen.queryByText(/No points yet/)).toBeNull();
  });

  it('shows the points of the member’s own expertise, and the other entries below', () => {
    render(
      <ProfileInfo
        user={makeUser({
          expertise: 'Tour Guide',
          leaderboards: [
            { expertise: 'Chef', points: 4 },
            { expertise: 'Tour Guide', points: 27 },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('points-label').textContent).toBe('27 Points');
    const others = screen.getByRole('list', { name: 'Points in other expertise' });
    expect(others.textContent).toBe('Chef4 Points');
  });

  it('says "0 Points" when the entries are for another expertise only', () => {
    render(
      <ProfileInfo
        user={makeUser({
          expertise: 'Chef',
          leaderboards: [{ expertise: 'Photographer', points: 3 }],
        })}
      />,
    );
    expect(screen.getByTestId('points-label').textContent).toBe('0 Points');
  });

  it('matches the expertise by its service: points are kept per service id', () => {
    render(
      <ProfileInfo
        services={[
          { id: 'tour-guide', name: 'Tour Guide' },
          { id: 'chef', name: 'Chef' },
        ]}
        user={makeUser({
          expertise: 'tour guide',
          leaderboards: [
            { expertise: 'tour-guide', points: 60 },
            { expertise: 'chef', points: 10 },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('points-label').textContent).toBe('60 Points');
    const others = screen.getByRole('list', { name: 'Points in other expertise' });
    expect(others.textContent).toBe('Chef10 Points');
  });

  it('says "0 Points" without services when only an id matches another expertise', () => {
    render(
      <ProfileInfo
        user={makeUser({
          expertise: 'Tour Guide',
          leaderboards: [{ expertise: 'tour-guide', points: 60 }],
        })}
      />,
    );
    expect(screen.getByTestId('points-label').textContent).toBe('0 Points');
  });
});
