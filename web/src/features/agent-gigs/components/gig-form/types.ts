import type { FormErrors, GigFormValues } from '../../utils/gig-form';

/** The service categories to choose from, or why there are none yet (the shared field's type). */
export type { ServiceChoices } from '@/components/form/service-field';

/** What every step gets from the form. */
export interface StepProps {
  values: GigFormValues;
  errors: FormErrors;
  /** The element id for a field key such as `title` or `basic.price` (unique per form). */
  id: (key: string) => string;
}

/** Sets one top-level value of the form. */
export type SetValue = <K extends keyof GigFormValues>(key: K, value: GigFormValues[K]) => void;
