import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordChange, type ChangeDetail, type Undo } from '../account-changes.ts';
import { passwordMatches } from '../login.ts';
import {
  checkRecheckCode,
  RECHECK_COOKIE,
  RECHECK_MESSAGES,
  recheckCookie,
  recheckMethods,
  recheckUntil,
} from '../recheck.ts';
import { InvalidInputError, NotAllowedError } from '../../../lib/domain-errors.ts';
import { accountChangeEmail } from '../emails/account-change-email.ts';
import { backgroundMail } from '../../../mail/background.ts';
import { clientSignal, sessionCookieOptions, signedInGuessLimit } from '../../../plugins/auth.ts';

/** What a signed-in call may carry to pass the re-check on the way (the password, and a code when one is owed). */
export interface Credentials {
  password?: string | undefined;
  code?: string | undefined;
}

/**
 * The guard of the account's sign-in settings, shared by the calls that change them: the re-check
 * (auth/recheck.ts) every such call needs first, and the email that tells the owner of each change
 * with its undo link (auth/account-changes.ts).
 */
export function accountGuard(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const sendMail = backgroundMail(app);
  // A wrong password or code here is a guess like a wrong sign-in (signedInGuessLimit).
  const limit = signedInGuessLimit(app, 'factor-confirm');

  const setPassed = async (request: FastifyRequest, reply: FastifyReply): Promise<Date> => {
    const { value, until } = await recheckCookie(db, request.admin!.sessionId);
    reply.setCookie(RECHECK_COOKIE, value, {
      ...sessionCookieOptions(app, until),
      path: '/api/auth',
      sameSite: 'strict' as const,
    });
    return until;
  };

  const checkPassword = async (request: FastifyRequest, reply: FastifyReply, password: string, field: string) => {
    const ok = await passwordMatches(db, request.admin!.id, password, {
      ticket: { address: request.ip, priority: true, signal: clientSignal(reply) },
      log: request.log,
    });
    if (!ok) throw new InvalidInputError(field, 'auth.wrong_current_password');
  };

  return {
    /** The failure limit of every call that checks the password or a code again. */
    limit,
    /** When this session's re-check runs out, if it has a live one. */
    until: (request: FastifyRequest) => recheckUntil(db, request.cookies[RECHECK_COOKIE], request.admin!.sessionId),
    setPassed,
    checkPassword,
    /**
     * Passes when this session passed the re-check in the last 5 minutes, or when `creds` pass it now
     * (the password as `passwordField`, and a code of a factor older than the session when there is
     * one); otherwise a 403 that says what is asked. Answers whether the password was checked here.
     */
    async ensure(
      request: FastifyRequest,
      reply: FastifyReply,
      creds: Credentials = {},
      passwordField = 'currentPassword',
    ): Promise<'fresh' | 'checked'> {
      const admin = request.admin!;
      if (await recheckUntil(db, request.cookies[RECHECK_COOKIE], admin.sessionId)) return 'fresh';
      const methods = await recheckMethods(db, admin.id, admin.sessionCreatedAt);
      if (creds.password === undefined)
        throw new NotAllowedError(methods.length > 0 ? RECHECK_MESSAGES.neededWithFactor : RECHECK_MESSAGES.needed);
      await checkPassword(request, reply, creds.password, passwordField);
      if (methods.length > 0) {
        if (creds.code === undefined) throw new InvalidInputError('code', RECHECK_MESSAGES.factor);
        await checkRecheckCode(db, admin.id, creds.code, admin.sessionCreatedAt);
      }
      await setPassed(request, reply);
      return 'checked';
    },
    /** Records a change made by this session and emails the owner (or `to`) its undo link; the answer does not wait for the mail. */
    async tell(request: FastifyRequest, undo: Undo, detail: ChangeDetail = {}, to?: string): Promise<void> {
      const admin = request.admin!;
      const undoToken = await recordChange(db, admin.id, admin.sessionId, undo, detail);
      const mail = accountChangeEmail({
        kind: undo.kind,
        detail,
        at: new Date(),
        publicUrl: config.publicUrl,
        undoToken,
      });
      sendMail({ to: to ?? admin.email, ...mail }, request.log, 'the account change email');
    },
  };
}
