import { TextField } from '@/components/form/fields';
import type { FieldBinding } from '@/lib/form';

export interface ExpertiseFieldProps {
  field: FieldBinding<string>;
  /** The service categories (GET /api/getServices); any other text is fine too. */
  options: readonly string[];
}

/** Expertise: pick one of the categories, or write your own. */
export function ExpertiseField({ field, options }: ExpertiseFieldProps) {
  const groupId = `${field.id}-options`;
  return (
    <div className="expertise-field">
      <TextField
        field={field}
        label="Expertise"
        hint="Pick a category below, or describe it in your own words."
        autoComplete="off"
        maxLength={60}
      />
      {options.length > 0 && (
        <div className="chip-list" role="group" aria-labelledby={groupId}>
          <span id={groupId} className="visually-hidden">
            Categories
          </span>
          {options.map((option) => (
            <button
              key={option}
              type="button"
              className="chip"
              aria-pressed={field.value === option}
              onClick={() => field.onChange(option)}
            >
              {option}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
