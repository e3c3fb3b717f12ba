import { escapeHtml } from '../lib/html';
import type { Mail } from './mailer';

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0b6e4f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">If the button does not work, open this link: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d2a26;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:13px;color:#555">Wayfarer Market</p></body></html>`;
}

export function verificationMail(to: string, name: string, url: string): Mail {
  const lines = [
    `Hello ${name},`,
    'Welcome to Wayfarer Market. Please confirm this is your email address; the link works for 24 hours.',
  ];
  return {
    to,
    subject: 'Confirm your email address',
    text: `${lines.join('\n\n')}\n\nConfirm your email: ${url}\n\nIf you did not create an account, ignore this mail.\n\nWayfarer Market`,
    html: layout(
      'Confirm your email address',
      [...lines, 'If you did not create an account, ignore this mail.'],
      {
        label: 'Confirm email',
        url,
      },
    ),
  };
}

export function passwordResetMail(to: string, name: string, url: string): Mail {
  const lines = [
    `Hello ${name},`,
    'Someone asked to reset the password of your Wayfarer Market account. The link works once, for 60 minutes.',
  ];
  return {
    to,
    subject: 'Reset your password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${url}\n\nIf it was not you, ignore this mail: your password stays as it is.\n\nWayfarer Market`,
    html: layout(
      'Reset your password',
      [...lines, 'If it was not you, ignore this mail: your password stays as it is.'],
      {
        label: 'Reset password',
        url,
      },
    ),
  };
}

export function passwordChangedMail(to: string, name: string): Mail {
  const lines = [
    `Hello ${name},`,
    'The password of your Wayfarer Market account was just changed, and your other devices were signed out.',
    'If this was not you, reset your password now and contact support.',
  ];
  return {
    to,
    subject: 'Your password was changed',
    text: `${lines.join('\n\n')}\n\nWayfarer Market`,
    html: layout('Your password was changed', lines),
  };
}

export function contactConfirmationMail(to: string, name: string, subject: string): Mail {
  const lines = [
    `Hello ${name},`,
    `Thank you for writing to Wayfarer Market about "${subject}". Your message has reached our team, and we usually answer within two working days.`,
  ];
  return {
    to,
    subject: 'We received your message',
    text: `${lines.join('\n\n')}\n\nWayfarer Market`,
    html: layout('We received your message', lines),
  };
}

/**
 * To the owner of an address someone tried to register again. Says nothing about the account
 * (whoever registered may not own the address; only its owner reads this).
 */
export function registrationAttemptMail(to: string, loginUrl: string, resetUrl: string): Mail {
  const lines = [
    'Hello,',
    'Someone just tried to create a Wayfarer Market account with this email address. It already has an account, so no new one was made.',
    'If it was you, log in, or reset your password if you forgot it.',
    'If it was not you, ignore this mail: nothing was changed.',
  ];
  return {
    to,
    subject: 'Someone tried to register with your email address',
    text: `${lines.join('\n\n')}\n\nLog in: ${loginUrl}\nReset your password: ${resetUrl}\n\nWayfarer Market`,
    html: layout('Someone tried to register with your email address', lines, {
      label: 'Log in',
      url: loginUrl,
    }),
  };
}

/** An order event for one party (order-followup.ts): what happened and a link to the order. */
export function orderEventMail(
  to: string,
  name: string,
  title: string,
  body: string,
  url: string,
): Mail {
  const lines = [`Hello ${name},`, body];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\nOpen the order: ${url}\n\nWayfarer Market`,
    html: layout(title, lines, { label: 'Open the order', url }),
  };
}

/** A job or offer event (issue 18, routes/jobs/job-followup.ts): what happened and a link. */
export function jobEventMail(
  to: string,
  name: string,
  title: string,
  body: string,
  action: { label: string; url: string },
): Mail {
  const lines = [`Hello ${name},`, body];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n\nWayfarer Market`,
    html: layout(title, lines, action),
  };
}
