// The Apply form's values (kept as a draft in the student's database, offline too) and the
// request they make.
import type { ApplicantType, ApplyProjectRequest } from '../api/projects';

export interface ApplyFormValues {
  apply_reason: string;
  self_describe: string;
  /** The student's expertise for the project (one of its service ids). */
  expertise: string;
  /** Team only: the party's members, ticked or not, each with their expertise. */
  members: { user_id: string; expertise: string; selected: boolean }[];
  /** "Apply" was pressed offline: the application is sent once the device is online. */
  send_when_online: boolean;
}

export type ApplyFormErrors = Partial<
  Record<'apply_reason' | 'self_describe' | 'expertise' | 'members' | 'form', string[]>
>;

const TEXT = { min: 20, max: 2000 };

export function emptyApplyValues(): ApplyFormValues {
  return {
    apply_reason: '',
    self_describe: '',
    expertise: '',
    members: [],
    send_when_online: false,
  };
}

export function checkApplyValues(values: ApplyFormValues, type: ApplicantType): ApplyFormErrors {
  const errors: ApplyFormErrors = {};
  const length = (text: string) => text.trim().length;
  if (length(values.apply_reason) < TEXT.min)
    errors.apply_reason = [`Say why you apply, in at least ${TEXT.min} characters.`];
  else if (length(values.apply_reason) > TEXT.max)
    errors.apply_reason = ['At most 2,000 characters.'];
  if (length(values.self_describe) < TEXT.min)
    errors.self_describe = [`Describe yourself in at least ${TEXT.min} characters.`];
  else if (length(values.self_describe) > TEXT.max)
    errors.self_describe = ['At most 2,000 characters.'];
  if (!values.expertise) errors.expertise = ['Choose your expertise.'];
  if (type === 'team') {
    const chosen = values.members.filter((m) => m.selected);
    if (chosen.length === 0) errors.members = ['Choose at least one member of your party.'];
    else if (chosen.some((m) => !m.expertise))
      errors.members = ['Choose the expertise of each member you take.'];
  }
  return errors;
}

export function toApplyRequest(values: ApplyFormValues, type: ApplicantType): ApplyProjectRequest {
  return {
    type,
    apply_reason: values.apply_reason.trim(),
    self_describe: values.self_describe.trim(),
    expertise: values.expertise,
    ...(type === 'team'
      ? {
          members: values.members
            .filter((m) => m.selected)
            .map((m) => ({ user_id: m.user_id, expertise: m.expertise })),
        }
      : {}),
  };
}

/** The API's field errors (`members.0.expertise`, …) on the form's fields. */
export function toApplyFormErrors(errors: Record<string, string[]>): ApplyFormErrors {
  const found: ApplyFormErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const head = field.split('.')[0] ?? '';
    const key: keyof ApplyFormErrors =
      head === 'apply_reason' ||
      head === 'self_describe' ||
      head === 'expertise' ||
      head === 'members'
        ? head
        : 'form';
    found[key] = [...(found[key] ?? []), ...messages];
  }
  return found;
}
