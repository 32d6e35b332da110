import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpReceiver {
  /** smtp:// URL to give the app as SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next (or an already received, unclaimed) message to `address` that `match` accepts (by default any). */
  waitFor(address: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Accepts the password-reset code email (and not, say, the new sign-in email the same sign-ins send). */
export const isResetCode = (mail: ReceivedMail): boolean => mail.subject.includes('Password reset code');

/** Accepts the email about a sign-in from a browser not seen before. */
export const isNewSignIn = (mail: ReceivedMail): boolean => mail.subject.includes('New sign-in');

/** A real SMTP server on loopback that keeps what it receives, so tests read email as it was sent. */
export async function startSmtp(listenPort = 0): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const claimed = new Set<ReceivedMail>();
  const waiters: { address: string; match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((parsed) => {
        const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
        const mail: ReceivedMail = {
          to: toField.flatMap((t) => t.value.map((v) => (v.address ?? '').toLowerCase())),
          from: parsed.from?.text ?? '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            content: a.content,
          })),
        };
        messages.push(mail);
        const i = waiters.findIndex((w) => mail.to.includes(w.address) && w.match(mail));
        if (i >= 0) {
          claimed.add(mail);
          waiters.splice(i, 1)[0]!.resolve(mail);
        }
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(addr, match = () => true, timeoutMs = 10_000) {
      const address = addr.toLowerCase();
      const ready = messages.find((m) => !claimed.has(m) && m.to.includes(address) && match(m));
      if (ready) {
        claimed.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no email to ${address} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          address,
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
