import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage { to: string; subject: string; text: string; html: string }

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/outbox. */
export function createMailer(opts: { smtpUrl?: string | undefined; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
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
      async send(message) {
        await (await getTransport()).sendMail({ from: opts.from, ...message });
      },
      close: () => transport?.close(),
    };
  }
  const outbox = join(opts.dataDir, 'outbox');
  return {
    async send(message) {
      const info = await (await getTransport()).sendMail({ from: opts.from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '').slice(0, 12)}.eml`);
      // Written under another name and renamed, so whoever reads the outbox never sees half an email.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      opts.log.info({ file }, 'SMTP_URL is not set: email written to the outbox');
    },
    close: () => transport?.close(),
  };
}
