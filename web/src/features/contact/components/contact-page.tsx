import type { ContactMessageRequest } from '@wayfarer/api/schemas';
import { Link } from 'react-router-dom';
import { EmailField } from '@/components/form/account-fields';
import { TextAreaField, TextField } from '@/components/form/fields';
import { ErrorAlert, SubmitButton, SuccessAlert } from '@/components/form/form-alerts';
import { ApiError } from '@/lib/api-client';
import { useForm } from '@/lib/form';
import { sendContactMessage } from '../api/send-contact-message';
import './contact.css';

const MESSAGE_MAX = 5000;
const CONTACT_SENT = 'Thank you! Your message has reached our team; we emailed you a confirmation.';

/** The 429 answer in words: how long to wait, when the server said. */
export function rateLimitMessage(retryAfterSeconds: number | null): string {
  if (!retryAfterSeconds) {
    return 'You have sent several messages in a short time. Please wait a little and try again.';
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return `You have sent several messages in a short time. Please try again in ${wait}.`;
}

async function send(values: ContactMessageRequest) {
  try {
    return await sendContactMessage(values);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      throw new ApiError(429, rateLimitMessage(error.retryAfterSeconds), {}, error.body);
    }
    throw error;
  }
}

export interface ContactPageProps {
  /** A member's name and email, filled in for them. */
  sender?: { name: string; email: string };
  helpHref: string;
  faqHref: string;
  trustHref: string;
}

export function ContactPage({ sender, helpHref, faqHref, trustHref }: ContactPageProps) {
  const form = useForm({
    initialValues: {
      name: sender?.name ?? '',
      email: sender?.email ?? '',
      subject: '',
      message: '',
    } satisfies ContactMessageRequest,
    onSubmit: send,
    successMessage: (result) => result?.message || CONTACT_SENT,
    // Name and email stay for a follow-up message.
    resetOnSuccess: (values) => ({ ...values, subject: '', message: '' }),
  });
  const length = form.values.message.length;

  return (
    <div className="contact-page">
      <header className="page-intro">
        <p className="eyebrow">Contact Us</p>
        <h1>We are here to help</h1>
        <p className="page-intro-lead">
          Questions about an order, a partnership or the press? Write to us and a member of our team
          will answer by email, usually within two working days.
        </p>
      </header>
      <div className="contact-grid">
        <section className="card contact-form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <form className="form" onSubmit={form.submit} noValidate>
            <ErrorAlert alert={form.errorAlert} onDismiss={form.dismissErrors} />
            <SuccessAlert isShown={form.isSuccessful} onDismiss={form.dismissSuccess}>
              {form.state.successMessage}
            </SuccessAlert>
            <div className="contact-row">
              <TextField
                field={form.field('name')}
                label="Your name"
                autoComplete="name"
                required
              />
              <EmailField field={form.field('email')} label="Email address" />
            </div>
            <TextField field={form.field('subject')} label="Subject" maxLength={120} required />
            <TextAreaField
              field={form.field('message')}
              label="Message"
              rows={7}
              maxLength={MESSAGE_MAX}
              required
              hint={`${length.toLocaleString('en')} of ${MESSAGE_MAX.toLocaleString('en')} characters. For an order, include its number and your tagname.`}
            />
            <SubmitButton isBusy={form.isBusy} busyText="Sending…">
              Send message
            </SubmitButton>
          </form>
        </section>
        <aside className="contact-aside" aria-label="Other ways to get help">
          <div className="card">
            <h2>Answers right away</h2>
            <ul className="link-list">
              <li>
                <Link to={faqHref}>FAQ</Link>: fees, escrow, cancellations and revisions.
              </li>
              <li>
                <Link to={helpHref}>Help and Support</Link>: getting started, offline use and
                account security.
              </li>
            </ul>
          </div>
          <div className="card">
            <h2>A problem with an order?</h2>
            <p>
              Open a dispute from the order itself: it puts the whole history in front of an admin.{' '}
              <Link to={trustHref}>Trust and Safety</Link> explains how disputes work.
            </p>
          </div>
          <div className="card">
            <h2>What happens next</h2>
            <p>
              We send a confirmation to your address straight away, and an admin replies by email.
              We never ask for your password.
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
