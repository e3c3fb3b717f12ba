import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useForm } from '@/lib/form';
import { EmailField, NewPasswordFields } from './account-fields';
import { CheckboxField, ChoiceField, TextField } from './fields';
import { ErrorAlert, SubmitButton } from './form-alerts';

function LoginLikeForm({ onSubmit }: { onSubmit: () => Promise<unknown> }) {
  const form = useForm({
    initialValues: { email: '', remember: false, role: '' as '' | 'Customer' | 'Agent' },
    onSubmit,
  });
  return (
    <form onSubmit={form.submit}>
      <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
      <TextField field={form.field('email')} label="Email" type="email" hint="Your login." />
      <CheckboxField field={form.field('remember')} label="Remember me" />
      <ChoiceField
        field={form.field('role')}
        legend="Role"
        choices={[
          { value: 'Customer', label: 'Customer', description: 'Hires.' },
          { value: 'Agent', label: 'Agent', description: 'Sells.' },
        ]}
      />
      <SubmitButton isBusy={form.isBusy}>Send</SubmitButton>
    </form>
  );
}

describe('form fields', () => {
  afterEach(() => cleanup());

  it('labels every input and describes it by its hint', () => {
    render(<LoginLikeForm onSubmit={async () => undefined} />);
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Your login.');
    expect(screen.getByLabelText('Remember me').getAttribute('type')).toBe('checkbox');
    const customer = screen.getByLabelText(/Customer/);
    expect(customer.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(customer.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Hires.');
  });

  it('shows server errors by their field with aria-invalid, clears one on typing, and dismisses', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'The given data was invalid.', {
        email: ['These credentials do not match our records.'],
        role: ['Choose Customer, Agent, Lecturer or Student.'],
        password: ['Enter your password.'],
      });
    });
    render(<LoginLikeForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There were some problems with your input.');
    // "password" is not a field of this form: its error goes to the alert.
    expect(alert.textContent).toContain('Enter your password.');
    expect(alert.textContent).not.toContain('These credentials');

    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const ids = (email.getAttribute('aria-describedby') ?? '').split(' ');
    const messages = ids.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain('These credentials do not match our records.');
    expect(screen.getByText('Choose Customer, Agent, Lecturer or Student.')).toBeTruthy();

    fireEvent.change(email, { target: { value: 'a@b.test' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('These credentials do not match our records.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Choose Customer, Agent, Lecturer or Student.')).toBeNull();
  });

  it('puts a message without field errors in the alert', async () => {
    render(
      <LoginLikeForm
        onSubmit={async () => {
          throw new ApiError(403, 'Your account is suspended.');
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your account is suspended.');
  });

  it('asks for an email address and a new password the same way everywhere', () => {
    function AccountForm() {
      const form = useForm({
        initialValues: { email: '', password: '', password_confirmation: '' },
        onSubmit: async () => undefined,
      });
      return (
        <form onSubmit={form.submit}>
          <EmailField field={form.field('email')} />
          <NewPasswordFields
            password={form.field('password')}
            confirmation={form.field('password_confirmation')}
            label="New password"
          />
        </form>
      );
    }
    render(<AccountForm />);
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email.getAttribute('inputmode')).toBe('email');
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    const hint = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/^At least \d+ characters\.$/);
    expect(screen.getByLabelText('Confirm new password').getAttribute('type')).toBe('password');
  });
});
