import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectParticipant } from '@wayfarer/api/schemas/projects';
import { useIsOnline } from '@/components/ui/use-online-status';
import { ApiError } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { useResource } from '@/lib/use-resource';
import { notify } from '@/stores/notification';
import {
  getDashboard,
  reviewParticipant,
  type ProjectDashboard,
  type ProjectReview,
} from '../api/projects';
import { actionErrorText } from '../utils/errors';
import { Person } from './project-bits';
import { LoadError, Loading } from '@/components/ui/load-state';
import './projects.css';

export interface ReviewPageProps {
  projectId: string;
  links: { project: string; profile: (tagname: string) => string };
}

/**
 * Reviews of a completed project (its lecturer): for each participant a 1-5 star rating and a
 * comment, once; a review made shows with the points it gave for the participant's expertise.
 */
export function ReviewPage({ projectId, links }: ReviewPageProps) {
  const { resource, reload, setData } = useResource<ProjectDashboard>(
    `dashboard:${projectId}`,
    (signal) => getDashboard(projectId, { signal }),
  );
  // After an action the page reloads with what it shows kept on screen.
  if (resource.status === 'error') return <LoadError error={resource.error} onRetry={reload} />;
  if (resource.data === undefined) return <Loading what="the participants" />;
  const { project, participants } = resource.data;
  const expertiseName = (id: string) => project.expertise.find((e) => e.id === id)?.name ?? id;
  const left = participants.filter((p) => !p.review).length;
  return (
    <div className="project-page">
      <p>
        <Link to={links.project}>{project.title}</Link>
        {' · '}
        {left === 0 ? 'Everyone is reviewed.' : `${plural(left, 'review')} to write.`}
      </p>
      {project.status !== 'completed' ? (
        <p className="alert" role="status">
          Participants are reviewed once the project is completed.
        </p>
      ) : participants.length === 0 ? (
        <p className="card muted">Nobody took part in this project.</p>
      ) : (
        <ul className="project-entries">
          {participants.map((participant) => (
            <li key={participant.user.id}>
              <ParticipantReview
                projectId={project.id}
                participant={participant}
                expertise={expertiseName(participant.expertise)}
                profileHref={links.profile}
                onReviewed={(review) =>
                  setData((data) => ({
                    ...data,
                    participants: data.participants.map((p) =>
                      p.user.id === participant.user.id ? { ...p, review } : p,
                    ),
                  }))
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

function ParticipantReview({
  projectId,
  participant,
  expertise,
  profileHref,
  onReviewed,
}: {
  projectId: string;
  participant: ProjectParticipant;
  expertise: string;
  profileHref: (tagname: string) => string;
  onReviewed: (review: ProjectReview) => void;
}) {
  const formId = useId();
  const isOnline = useIsOnline();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const { review, user } = participant;

  const submit = async () => {
    const found: Record<string, string[]> = {};
    if (rating < 1) found.rating = ['Rate from 1 to 5 stars.'];
    if (comment.trim().length < 10) found.comment = ['Write at least 10 characters.'];
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setAlert(null);
    try {
      const made = await reviewParticipant(projectId, {
        user_id: user.id,
        rating,
        comment: comment.trim(),
      });
      notify(`${user.full_name} is reviewed: ${plural(made.points, 'point')} for ${expertise}.`);
      onReviewed(made);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
      setAlert(actionErrorText(error, 'The review could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      className="card project-entry"
      aria-label={`Review of ${user.full_name}`}
      data-testid="review-entry"
    >
      <div className="project-entry-head">
        <Person person={user} profileHref={profileHref} />
        <span className="badge">{expertise}</span>
      </div>
      {participant.team && <p className="muted">Team {participant.team.name}</p>}
      {review ? (
        <div data-testid="review-made">
          <p>
            <span aria-label={`${review.rating} out of 5 stars`}>
              {'★'.repeat(review.rating)}
              {'☆'.repeat(5 - review.rating)}
            </span>{' '}
            · <strong>{plural(review.points, 'point')}</strong> for {expertise}
          </p>
          <p>{review.comment}</p>
        </div>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {alert && (
            <p className="field-error" role="alert">
              {alert}
            </p>
          )}
          <fieldset
            className="project-stars"
            aria-describedby={errors.rating ? `${formId}-rating-error` : undefined}
          >
            <legend>Rating</legend>
            {STARS.map((star) => (
              <label key={star}>
                <input
                  type="radio"
                  name={`${formId}-rating`}
                  value={star}
                  checked={rating === star}
                  onChange={() => {
                    setRating(star);
                    setErrors((e) => ({ ...e, rating: [] }));
                  }}
                />
                {star} {star === 1 ? 'star' : 'stars'}
              </label>
            ))}
            {errors.rating?.length ? (
              <p id={`${formId}-rating-error`} className="field-error" data-field-error>
                {errors.rating.join(' ')}
              </p>
            ) : null}
          </fieldset>
          <div className="field">
            <label htmlFor={`${formId}-comment`}>Comment</label>
            <textarea
              id={`${formId}-comment`}
              rows={3}
              maxLength={2000}
              value={comment}
              aria-invalid={errors.comment?.length ? true : undefined}
              aria-describedby={errors.comment?.length ? `${formId}-comment-error` : undefined}
              onChange={(e) => {
                setComment(e.target.value);
                setErrors((x) => ({ ...x, comment: [] }));
              }}
            />
            {errors.comment?.length ? (
              <p id={`${formId}-comment-error`} className="field-error" data-field-error>
                {errors.comment.join(' ')}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={!isOnline || isBusy}>
            {isBusy ? 'Saving…' : `Review ${user.full_name}`}
          </button>
        </form>
      )}
    </article>
  );
}
