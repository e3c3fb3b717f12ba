// Words for a project's state: the deadline countdown, applicant types (the status labels are
// lib/project-labels.ts, shared with the profile pages).
import type { ApplicantType } from '@wayfarer/api/schemas/projects';

/** "Individuals and teams", "Teams only"… */
export function applicantTypesText(types: readonly ApplicantType[]): string {
  if (types.includes('individual') && types.includes('team')) return 'Individuals and teams';
  return types.includes('team') ? 'Teams only' : 'Individuals only';
}

/** Applications close at the end of the deadline day, UTC (the contract's rule). */
export function deadlineEnd(deadline: string): number {
  return Date.parse(`${deadline}T23:59:59.999Z`);
}

/** "12 days left", "5 hours left", "Less than an hour left", or "Applications closed". */
export function deadlineCountdown(deadline: string, now: number = Date.now()): string {
  const left = deadlineEnd(deadline) - now;
  if (Number.isNaN(left) || left <= 0) return 'Applications closed';
  const hours = Math.floor(left / 3_600_000);
  if (hours >= 48) return `${Math.floor(hours / 24)} days left`;
  if (hours >= 24) return `1 day ${hours - 24 === 1 ? '1 hour' : `${hours - 24} hours`} left`;
  if (hours >= 1) return `${hours} ${hours === 1 ? 'hour' : 'hours'} left`;
  return 'Less than an hour left';
}
