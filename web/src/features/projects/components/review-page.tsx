import { Link } from 'react-router-dom';
import type { ProjectParticipant } from '@wayfarer/api/schemas/projects';
import { TextAreaField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton } from '@/components/form/form-alerts';
import { StarInput, Stars } from '@/components/ui/stars';
import { ApiError, INPUT_ERROR_MESSAGE } from '@/lib/api-client';
import { useForm } from '@/lib/form';
import { plural } from '@/lib/format';
import { useResource } from '@/lib/use-resource';
import { notify } from '@/stores/notification';
import {
  getDashboard,
  reviewParticipant,
  type ProjectDashboard,
  type ProjectReview,
} from '../api/projects';
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

interface ReviewValues {
  rating: number;
  comment: string;
}
const NO_REVIEW: ReviewValues = { rating: 0, comment: '' };

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
  const { review, user } = participant;
  const form = useForm<ReviewValues, ProjectReview>({
    initialValues: NO_REVIEW,
    onSubmit: async ({ rating, comment }) => {
      const found: Record<string, string[]> = {};
      if (rating < 1) found.rating = ['Rate from 1 to 5 stars.'];
      if (comment.trim().length < 10) found.comment = ['Write at least 10 characters.'];
      if (Object.keys(found).length) throw new ApiError(422, INPUT_ERROR_MESSAGE, found);
      return reviewParticipant(projectId, { user_id: user.id, rating, comment: comment.trim() });
    },
    onSuccess: (made) => {
      notify(`${user.full_name} is reviewed: ${plural(made.points, 'point')} for ${expertise}.`);
      onReviewed(made);
    },
  });

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
            <Stars value={review.rating} /> · <strong>{plural(review.points, 'point')}</strong> for{' '}
            {expertise}
          </p>
          <p>{review.comment}</p>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={form.submit}>
          <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
          <StarInput field={form.field('rating')} legend="Rating" />
          <TextAreaField field={form.field('comment')} label="Comment" rows={3} maxLength={2000} />
          <SubmitButton isBusy={form.isBusy} busyText="Saving…">
            Review {user.full_name}
          </SubmitButton>
        </form>
      )}
    </article>
  );
}
