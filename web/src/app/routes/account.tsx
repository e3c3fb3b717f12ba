// Onboarding, profile editing and the security pages of the account feature, with the service
// categories (services feature) as expertise options.
import { homePathFor } from '@wayfarer/api/schemas/roles';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { Dashboard, type NextStep } from '@/features/account/components/dashboard';
import { DeleteAccountForm } from '@/features/account/components/delete-account-form';
import { FileUpload } from '@/features/account/components/file-upload';
import {
  NewcomerDetailsPage,
  NewcomerPhotoPage,
  NewcomerTagnamePage,
} from '@/features/account/components/onboarding';
import { ProfileForm } from '@/features/account/components/profile-form';
import '@/features/account/components/account.css';
import { useServices } from '@/features/services/hooks/use-services';
import { endSession } from '@/lib/session';
import { notify } from '@/stores/notification';
import { useCurrentUser } from '@/stores/auth';
import type { User } from '@/types/api';
import { buildPath } from '@/config/paths';
import { RoutePage, type RoutePageProps } from './route-page';

function useExpertiseOptions(): string[] {
  const services = useServices();
  return services.status === 'ready' ? services.services.map((service) => service.name) : [];
}

/** A page of account settings: a heading, a lead line and its sections. */
function SettingsPage(props: Omit<RoutePageProps, 'className'> & { title: string }) {
  return <RoutePage className="settings-page" {...props} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card settings-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

// The routes below sit behind the auth guard; `user` is null only between logout and redirect.

export function NewcomerPage1() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <NewcomerTagnamePage user={user} onDone={() => void navigate(buildPath('newcomer.page2'))} />
  );
}

export function NewcomerPage2() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const options = useExpertiseOptions();
  if (!user) return null;
  return (
    <NewcomerDetailsPage
      user={user}
      expertiseOptions={options}
      onDone={() => void navigate(buildPath('newcomer.page3'))}
    />
  );
}

export function NewcomerPage3() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return null;
  return <NewcomerPhotoPage user={user} onDone={() => void navigate(homePathFor(user.role))} />;
}

export function ProfileEditPage1() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const options = useExpertiseOptions();
  if (!user) return null;
  return (
    <SettingsPage
      title="Edit your profile"
      lead={
        <>
          Step 1 of 2: about you. <Link to={buildPath('profile.info')}>Back to your profile</Link>
        </>
      }
    >
      <section className="card settings-section">
        <ProfileForm
          user={user}
          expertiseOptions={options}
          submitLabel="Save and continue"
          onSaved={() => void navigate(buildPath('profile.edit.page2'))}
        />
      </section>
    </SettingsPage>
  );
}

export function ProfileEditPage2() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <SettingsPage
      title="Edit your profile"
      lead={
        <>
          Step 2 of 2: photo and CV.{' '}
          <Link to={buildPath('profile.edit.page1')}>Back to step 1</Link>
        </>
      }
    >
      <ProfileUploads user={user} />
      <p>
        <Link to={buildPath('profile.info')} className="button">
          Done
        </Link>
      </p>
    </SettingsPage>
  );
}

function ProfileUploads({ user }: { user: User }) {
  return (
    <div className="settings-grid">
      <section className="card settings-section">
        <FileUpload kind="avatar" user={user} title="Profile photo" />
      </section>
      <section className="card settings-section">
        <FileUpload kind="cv" user={user} title="CV" />
      </section>
    </div>
  );
}

/**
 * Customer and Agent "Profile Settings": the profile form and the uploads on one page, then what
 * the area adds (the agent's payout methods: routes/withdrawals.tsx).
 */
export function AreaProfileSettings({ children }: { children?: ReactNode }) {
  const user = useCurrentUser();
  const options = useExpertiseOptions();
  if (!user) return null;
  return (
    <SettingsPage title="Profile Settings" lead="What clients and colleagues see on your profile.">
      <Section title="About you">
        <ProfileForm user={user} expertiseOptions={options} />
      </Section>
      <ProfileUploads user={user} />
      {children}
    </SettingsPage>
  );
}

export function AreaChangePassword() {
  return (
    <SettingsPage
      title="Change Password"
      lead="Use at least 8 characters you do not use elsewhere."
    >
      <Section title="Choose a new password">
        <ChangePasswordForm />
      </Section>
    </SettingsPage>
  );
}

function useDeleted(): () => void {
  const navigate = useNavigate();
  return () => {
    // The server ended every session with the account; forget it here and leave for the index.
    endSession();
    notify('Your account was deleted. Goodbye, and safe travels.');
    void navigate(buildPath('index'), { replace: true });
  };
}

export function AreaDelete() {
  const onDeleted = useDeleted();
  return (
    <SettingsPage title="Account Delete">
      <Section title="Delete your account">
        <DeleteAccountForm onDeleted={onDeleted} />
      </Section>
    </SettingsPage>
  );
}

/** /settings: every role's account settings (Customers and Agents also have them in their area). */
export function Settings() {
  const onDeleted = useDeleted();
  return (
    <SettingsPage
      title="Settings"
      lead={
        <>
          Your sign-in and your account. To change what people see,{' '}
          <Link to={buildPath('profile.edit.page1')}>edit your profile</Link>.
        </>
      }
    >
      <Section title="Change Password">
        <ChangePasswordForm />
      </Section>
      <Section title="Account Delete">
        <DeleteAccountForm onDeleted={onDeleted} />
      </Section>
    </SettingsPage>
  );
}

const NEXT_STEPS: Record<'Customer' | 'Agent', NextStep[]> = {
  Customer: [
    {
      label: 'Post a job',
      description: 'Describe the trip or event and let travel professionals send you offers.',
      href: buildPath('customer.post.job'),
    },
    {
      label: 'See your orders',
      description: 'Follow the work you ordered, from payment to delivery.',
      href: buildPath('customer.my.orders'),
    },
  ],
  Agent: [
    {
      label: 'Create a gig',
      description: 'Publish a service with up to three packages and your prices.',
      href: buildPath('agent.create.gig'),
    },
    {
      label: 'See your orders',
      description: 'Deliver the work clients ordered and get paid from escrow.',
      href: buildPath('agent.my.orders'),
    },
  ],
};

/** Customer and Agent dashboards. */
export function AreaDashboard() {
  const user = useCurrentUser();
  if (!user) return null;
  const area = user.role === 'Agent' ? 'Agent' : 'Customer';
  const settings =
    area === 'Agent' ? buildPath('agent.profile.settings') : buildPath('customer.profile.settings');
  return (
    <Dashboard
      user={user}
      completionLinks={{ email: buildPath('email.check'), details: settings, uploads: settings }}
      nextSteps={NEXT_STEPS[area]}
      publicProfileHref={user.tagname ? buildPath('user.info', { tagname: user.tagname }) : null}
    />
  );
}
