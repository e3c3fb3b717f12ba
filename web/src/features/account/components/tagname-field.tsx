import { TextField } from '@/components/form/fields';
import { TAGNAME_HINT } from '@/lib/account-rules';
import type { FieldBinding } from '@/lib/form';
import { useTagnameAvailability } from '../hooks/use-tagname-availability';
import type { TagnameCheck } from '../utils/tagname-check';

function statusText(check: TagnameCheck): string {
  switch (check.state) {
    case 'empty':
      return '';
    case 'invalid':
      return 'Not a valid tagname yet.';
    case 'current':
      return 'This is your tagname now.';
    case 'checking':
      return 'Checking…';
    case 'available':
      return `@${check.tagname} is available.`;
    case 'taken':
      return check.reason;
    case 'unknown':
      return 'Could not check right now; saving will tell.';
  }
}

const TONE: Partial<Record<TagnameCheck['state'], string>> = {
  available: 'available',
  current: 'available',
  taken: 'taken',
  invalid: 'taken',
};

export interface TagnameFieldProps {
  field: FieldBinding<string>;
  /** The member's tagname now, if any (it is "available" to them). */
  current: string | null;
  label?: string;
}

/** Tagname input with a live availability line (debounced) under it. */
export function TagnameField({ field, current, label = 'Tagname' }: TagnameFieldProps) {
  const check = useTagnameAvailability(field.value, current);
  const statusId = `${field.id}-status`;
  return (
    <TextField
      field={field}
      label={label}
      hint={TAGNAME_HINT}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={31}
      describedById={statusId}
      after={
        <p
          id={statusId}
          className="field-status"
          data-state={TONE[check.state]}
          aria-live="polite"
          data-testid="tagname-status"
        >
          {field.error ? '' : statusText(check)}
        </p>
      }
    />
  );
}
