import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a quote request's photos). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** True when SMTP_URL is set: mail leaves the server. Otherwise it is only written to DATA_DIR/outbox. */
  readonly configured: boolean;
  /** Sends (or writes) the message; answers the SMTP server's own last reply ('' for the outbox). */
  send(message: MailMessage): Promise<string>;
  close(): void;
}

/** What an SMTP server (or the connection to it) answered when a send failed, in its own words. */
export function smtpAnswerOf(err: unknown): string {
  const e = err as { response?: unknown; code?: unknown; message?: unknown } | undefined;
  const answer =
    typeof e?.response === 'string' && e.response !== ''
      ? e.response
      : typeof e?.message === 'string'
        ? e.message
        : String(err);
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  // One line, bounded: it is shown on a screen.
  return `${code}${answer}`.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** Real SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/outbox. */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // nodemailer is loaded on the first email: a site that sends one a month need not hold it in memory.
  let transport: Transporter | undefined;
  const getTransport = async (): Promise<Transporter> => {
    if (!transport) {
      const { default: nodemailer } = await import('nodemailer');
      transport = opts.smtpUrl
        ? nodemailer.createTransport(opts.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
    return transport;
  };
  if (opts.smtpUrl) {
    return {
      configured: true,
      async send(message) {
        const info = await (await getTransport()).sendMail({ from: opts.from, ...message });
        return String(info.response ?? '');
      },
      close: () => transport?.close(),
    };
  }
  const outbox = join(opts.dataDir, 'outbox');
  return {
    configured: false,
    async send(message) {
      const info = await (await getTransport()).sendMail({ from: opts.from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '').slice(0, 12)}.eml`,
      );
      // Written under another name and renamed, so whoever reads the outbox never sees half an email.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      opts.log.info({ file }, 'SMTP_URL is not set: email written to the outbox');
      return '';
    },
    close: () => transport?.close(),
  };
}
