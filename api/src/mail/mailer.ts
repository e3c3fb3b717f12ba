import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface StoredMail extends Mail {
  id: string;
  created_at: string;
}

export interface Mailer {
  /** Sends (or, without SMTP, stores) a mail. Failures are logged, never thrown at the caller. */
  send(mail: Mail): Promise<void>;
  /** The local outbox, newest first (empty when mail goes out by SMTP). */
  outbox(): Promise<StoredMail[]>;
  readonly local: boolean;
}

/**
 * Nodemailer over SMTP_URL; with SMTP_URL unset each mail is written as a JSON file
 * (`to`, `subject`, `text`, `html`) under DATA_DIR/mail, which tests and /dev/mail read.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; mailDir: string },
  logger: Logger,
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      local: false,
      async send(mail) {
        try {
          await transport.sendMail({ from: options.from, ...mail });
        } catch (error) {
          logger.error({ err: error, to: mail.to, subject: mail.subject }, 'sending mail failed');
        }
      },
      async outbox() {
        return [];
      },
    };
  }
  return {
    local: true,
    async send(mail) {
      try {
        await mkdir(options.mailDir, { recursive: true });
        const created = new Date();
        const id = `${created.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
        const stored: StoredMail = { id, created_at: created.toISOString(), ...mail };
        await writeFile(path.join(options.mailDir, `${id}.json`), JSON.stringify(stored, null, 2));
        logger.info({ to: mail.to, subject: mail.subject, id }, 'mail written to the local outbox');
      } catch (error) {
        logger.error({ err: error }, 'writing mail to the outbox failed');
      }
    },
    async outbox() {
      const files = await readdir(options.mailDir).catch(() => [] as string[]);
      const mails = await Promise.all(
        files
          .filter((f) => f.endsWith('.json'))
          .map(
            async (f) =>
              JSON.parse(await readFile(path.join(options.mailDir, f), 'utf8')) as StoredMail,
          ),
      );
      return mails.sort((a, b) => (a.id < b.id ? 1 : -1));
    },
  };
}
