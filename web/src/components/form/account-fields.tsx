// The fields of the account forms (registration, login, password reset, contact):
// an email address, and a new password with its confirmation, asked for the same way everywhere.
import { PASSWORD_MIN } from '@/lib/account-rules';
import type { FieldBinding } from '@/lib/form';
import { TextField } from './fields';

/** An email address to log in or be answered at: the email keyboard and autofill. */
export function EmailField({
  field,
  label = 'Email',
}: {
  field: FieldBinding<string>;
  label?: string;
}) {
  return (
    <TextField
      field={field}
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
    />
  );
}

/**
 * A new password and its confirmation, with the length rule (registration, reset):
 * "Password" and "Confirm password", or with `label` "New password", "Confirm new password".
 */
export function NewPasswordFields({
  password,
  confirmation,
  label = 'Password',
}: {
  password: FieldBinding<string>;
  confirmation: FieldBinding<string>;
  label?: string;
}) {
  return (
    <>
      <TextField
        field={password}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        required
      />
      <TextField
        field={confirmation}
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
