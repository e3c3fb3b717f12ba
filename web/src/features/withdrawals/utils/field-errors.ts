import type { FieldErrors } from '@/lib/api-client';

/** The API's field errors under the names a form uses (several names may join one field). */
export function renameFieldErrors(
  errors: FieldErrors,
  rename: (name: string) => string,
): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, sentences] of Object.entries(errors)) {
    const field = rename(name);
    out[field] = [...(out[field] ?? []), ...sentences];
  }
  return out;
}
