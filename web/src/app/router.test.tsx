import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchPath, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, setSession } from '@/stores/auth';
import { makeUser } from '@/testing/fixtures';
import { useUnreachableApi } from '@/testing/unreachable-api';
import type { User } from '@/types/api';
import { paths } from '@/config/paths';
import { notificationStore } from '@/stores/notification';
import { MEMBER_PAGES, patchAreaRoutes, routes } from './router';
import { memberChildren, memberLayoutChildren } from './routes/areas';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: patchAreaRoutes,
  });
  render(<RouterProvider router={router} />);
  return router;
}

// The lazy route modules, transformed once up front: the tests' 1 s waits are for routing, not
// for the first compilation of a layout on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('./layouts/default-layout'),
    import('./layouts/wide-layout'),
    import('./layouts/area-layout'),
    import('./layouts/member-layout'),
    import('./layouts/admin-layout'),
    import('./routes/admin'),
    import('./routes/areas'),
    import('./routes/home'),
    import('./routes/not-found'),
    import('./routes/auth'),
    import('./routes/account'),
    import('./routes/profile'),
    import('./routes/inbox'),
    import('./routes/userdata'),
    // The customer dashboard's module (its orders panel).
    import('./routes/orders'),
  ]);
}, 60_000);

/** The public header asks for the service list; here the API is unreachable, which is logged. */
function expectServicesWarnings() {
  let warn: ReturnType<typeof vi.spyOn> | undefined;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn?.mockRestore());
}

describe('router', () => {
  useUnreachableApi();
  expectServicesWarnings();
  afterEach(() => cleanup());

  it.each(['/no/such/page', '/services/404'])('shows the 404 page at %s', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    await waitFor(() => expect(document.title).toBe('Page Not Found · Wayfarer Market'));
  });

  it('renders the home page with the navbar and the footer', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe(
      '#main',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = [...nav.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Home', '/'],
      ['About Us', '/about-us'],
      ['Blogs', '/blogs'],
      ['Contact Us', '/contact-us'],
    ]);
    // The Services dropdown sits between About Us and Blogs; its list is empty when the service
    // list cannot be loaded (spec section 8).
    const items = [...nav.querySelectorAll(':scope > ul > li')].map(
      (li) => li.querySelector('a, button')?.textContent,
    );
    expect(items).toEqual(['Home', 'About Us', 'Services', 'Blogs', 'Contact Us']);
    expect(screen.getByRole('button', { name: 'Services' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByText('© 2025 Wayfarer Market. All rights reserved.')).toBeTruthy();
    expect(screen.getByTestId('health-status')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Browse by category' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Wayfarer Market'));
  });
});

describe('route guards in the router', () => {
  useUnreachableApi();
  expectServicesWarnings();
  beforeEach(() => clearAuth());
  afterEach(() => {
    cleanup();
    clearAuth();
  });

  const loginAs = (user: User) => setSession({ token: 'jwt.test', user }, false);
  const pathOf = (router: ReturnType<typeof renderAt>) =>
    router.state.location.pathname + router.state.location.search;

  it('sends a guest from /profile to login, remembering /profile', async () => {
    const router = renderAt('/profile');
    await waitFor(() => expect(pathOf(router)).toBe('/login?redirect=%2Fprofile'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('sends a Customer from the agent area to their own dashboard', async () => {
    loginAs(makeUser({ role: 'Customer', full_name: 'Sofia Marquez' }));
    const router = renderAt('/agent/dashboard');
    await waitFor(() => expect(pathOf(router)).toBe('/customer/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sofia' })).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'Customer area' });
    expect([...sidebar.querySelectorAll('a, button')].map((el) => el.textContent)).toEqual([
      'Dashboard',
      'Post a Job',
      'My Jobs',
      'My Orders',
      'Profile Settings',
      'Change Password',
      'Account Delete',
      'Logout',
    ]);
  });

  it.each([
    ['a Customer', 'Customer', '/customer', '/customer/dashboard'],
    ['an Agent', 'Agent', '/agent', '/agent/dashboard'],
  ] as const)('sends %s from %s to their dashboard', async (_who, role, from, to) => {
    loginAs(makeUser({ role }));
    const router = renderAt(from);
    await waitFor(() => expect(pathOf(router)).toBe(to));
    // The area's pages were patched in on the way: the dashboard route matched.
    await waitFor(() => expect(router.state.matches.at(-1)?.route.path).toBe('dashboard'));
  });

  it('lists the agent sidebar exactly as the spec', async () => {
    loginAs(makeUser({ role: 'Agent', full_name: 'Amara Okafor' }));
    renderAt('/agent');
    const sidebar = await screen.findByRole('navigation', { name: 'Agent area' });
    expect([...sidebar.querySelectorAll('a, button')].map((el) => el.textContent)).toEqual([
      'Dashboard',
      'Create a Gig',
      'My Orders',
      'Jobs board',
      'My offers',
      'Projects',
      'Withdraw History',
      'Profile Settings',
      'Manage Gig',
      'Change Password',
      'Account Delete',
      'Logout',
    ]);
  });

  it('sends a member without a tagname to onboarding', async () => {
    loginAs(makeUser({ tagname: null }));
    const router = renderAt('/customer/dashboard');
    await waitFor(() => expect(pathOf(router)).toBe('/newcomer/page1'));
    expect(await screen.findByRole('heading', { name: 'Choose your tagname' })).toBeTruthy();
  });

  it('sends an unverified member to /email/check, which is open to them', async () => {
    loginAs(makeUser({ email_verified_at: null }));
    const router = renderAt('/profile/info');
    await waitFor(() => expect(pathOf(router)).toBe('/email/check'));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
  });

  it('says why a role guard refused: on the login page, and as a snackbar for a member', async () => {
    renderAt('/login?redirect=%2Fproject%2Fpost&reason=lecturer');
    expect((await screen.findByTestId('login-reason')).textContent).toMatch(
      /^Only Lecturers can do that/,
    );
    cleanup();
    loginAs(makeUser({ role: 'Student' }));
    const router = renderAt('/project/post');
    // Login is for guests: the member lands on the index, with the reason on screen.
    await waitFor(() => expect(pathOf(router)).toBe('/'));
    expect(notificationStore.current?.message).toMatch(/^Only Lecturers can do that/);
    expect(notificationStore.current?.kind).toBe('warn');
  });

  it('sends a non-admin to the admin login', async () => {
    loginAs(makeUser({ role: 'Customer' }));
    const router = renderAt('/admin/users');
    await waitFor(() => expect(pathOf(router)).toBe('/admin/login?redirect=%2Fadmin%2Fusers'));
    expect(await screen.findByRole('heading', { name: 'Admin log in' })).toBeTruthy();
  });

  it('adds the admin pages on the first navigation under /admin, for an admin', async () => {
    loginAs(makeUser({ role: 'Admin' }));
    const router = renderAt('/admin/reviews');
    await waitFor(() =>
      expect(router.state.matches.map((m) => m.route.id)).toEqual(
        expect.arrayContaining(['admin', 'admin.reviews']),
      ),
    );
    await router.navigate('/admin');
    await waitFor(() =>
      expect(router.state.matches.map((m) => m.route.id)).toContain('admin.dashboard'),
    );
    await router.navigate('/admin/users');
    await waitFor(() =>
      expect(router.state.matches.map((m) => m.route.id)).toContain('admin.users'),
    );
  });

  it('sends a member away from login to the index', async () => {
    loginAs(makeUser());
    const router = renderAt('/login');
    await waitFor(() => expect(pathOf(router)).toBe('/'));
  });

  it.each([
    ['Student', '/project/p1/apply', 'project.apply', '/api/project/p1'],
    ['Lecturer', '/project/p1/shorlisted', 'project.shortlisted', '/api/project/p1/shortlist'],
  ] as const)(
    'keeps the %s tabs on one page: switching tabs loads nothing again',
    async (role, path, id, api) => {
      loginAs(makeUser({ role }));
      const fetchSpy = vi.spyOn(window, 'fetch');
      const loads = () =>
        fetchSpy.mock.calls.filter(([input]) =>
          String(input instanceof Request ? input.url : input).endsWith(api),
        ).length;
      try {
        const router = renderAt(path);
        await waitFor(() => expect(pathOf(router)).toBe(`${path}/individual`));
        await waitFor(() => expect(loads()).toBe(1));
        const page = screen.getByRole('main');
        await router.navigate(`${path}/team`);
        expect(router.state.matches.map((m) => m.route.id)).toContain(`${id}.team`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(loads()).toBe(1);
        expect(screen.getByRole('main')).toBe(page);
      } finally {
        fetchSpy.mockRestore();
      }
    },
  );

  it.each([
    ['Customer', '/inbox', 'Inbox'],
    ['Customer', '/notifications', 'Notifications'],
    ['Agent', '/inbox', 'Inbox'],
    ['Agent', '/notifications', 'Notifications'],
  ] as const)(
    'opens a %s’s %s inside their own area, at the same address',
    async (role, path, heading) => {
      loginAs(makeUser({ role }));
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      const sidebar = screen.getByRole('navigation', { name: `${role} area` });
      expect(sidebar.querySelector('a')?.getAttribute('href')).toBe(
        `/${role.toLowerCase()}/dashboard`,
      );
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(pathOf(router)).toBe(path);
      expect(router.state.matches.map((m) => m.route.id)).toEqual(
        expect.arrayContaining(['layout.member', path.slice(1)]),
      );
      await waitFor(() => expect(document.title).toBe(`${heading} · Wayfarer Market`));
    },
  );

  it.each(['Lecturer', 'Student', 'Admin'] as const)(
    'keeps a %s’s inbox and notifications in the default layout',
    async (role) => {
      loginAs(makeUser({ role }));
      const router = renderAt('/inbox');
      expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      expect(screen.queryByRole('complementary')).toBeNull();
      await router.navigate('/notifications');
      expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    },
  );

  it('guards the member layout: a guest logs in first, a member without a tagname is onboarded', async () => {
    const router = renderAt('/notifications');
    await waitFor(() => expect(pathOf(router)).toBe('/login?redirect=%2Fnotifications'));
    cleanup();
    loginAs(makeUser({ role: 'Agent', tagname: null }));
    const again = renderAt('/inbox');
    await waitFor(() => expect(pathOf(again)).toBe('/newcomer/page1'));
  });

  it('redirects /profile to its projects tab and shows the Lecturer links', async () => {
    loginAs(makeUser({ role: 'Lecturer', full_name: 'Helen Park' }));
    const router = renderAt('/profile');
    await waitFor(() => expect(pathOf(router)).toBe('/profile/projects'));
    expect(await screen.findByRole('heading', { name: 'Helen Park' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Post Project', 'Inbox', 'Project Box']));
    expect(screen.getByRole('button', { name: /My Account/ })).toBeTruthy();
  });
});

describe('the member pages patched in on navigation', () => {
  /** Every full path of a route table, from `base`. */
  function fullPaths(table: RouteObject[], base = ''): string[] {
    return table.flatMap((route) => {
      const here = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base;
      return [...(route.path ? [here] : []), ...fullPaths(route.children ?? [], here)];
    });
  }

  it('MEMBER_PAGES names every page of the member guard and the member layout, and only those', () => {
    const pages = [...fullPaths(memberChildren), ...fullPaths(memberLayoutChildren)];
    expect(pages).toEqual(expect.arrayContaining([paths.inbox, paths.notifications]));
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages)
      expect(
        MEMBER_PAGES.some((name) => matchPath({ path: paths[name], end: false }, page)),
        page,
      ).toBe(true);
    for (const name of MEMBER_PAGES) expect(pages, name).toContain(paths[name]);
  });
});
