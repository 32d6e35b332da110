import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { confirmChange, pendingChanges, undoChange } from '../account-changes.ts';
import {
  CHALLENGE_COOKIE,
  CHALLENGE_TTL_SECONDS,
  relyingPartyOf,
  signInOptions,
  verifyPasskeySignIn,
} from '../passkeys.ts';
import { checkRecheckCode, recheckMethods, RECHECK_MESSAGES } from '../recheck.ts';
import { SESSION_COOKIE } from '../sessions.ts';
import { InvalidInputError } from '../../../lib/domain-errors.ts';
import { failureLimit, sessionCookieOptions } from '../../../plugins/auth.ts';
import { accountGuard } from './account-guard.ts';
import {
  errors,
  IdParams,
  MessageOnly,
  PendingChange,
  Recheck,
  RecheckState,
  tags,
  UndoToken,
  WebAuthnOptions,
} from '../schemas.ts';

/**
 * The re-check ("sudo mode") a signed-in session passes before it changes how the owner signs in,
 * the changes still undoable from their emailed links, and the link's own call.
 */
const recheck: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const rp = relyingPartyOf(config.publicUrl, new URL(config.publicUrl).hostname);
  const guard = accountGuard(app);
  const undoLimit = failureLimit(app, { name: 'undo', perAddress: { max: 10, windowMs: 15 * 60_000 } });
  const challengeCookie = {
    ...sessionCookieOptions(app),
    path: '/api/auth',
    sameSite: 'strict' as const,
    maxAge: CHALLENGE_TTL_SECONDS,
  };

  app.get(
    '/recheck',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Whether this session passed the re-check in the last 5 minutes, and what a re-check takes',
        response: { 200: Type.Object({ data: RecheckState }), ...errors(401) },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const [until, methods] = await Promise.all([
        guard.until(request),
        recheckMethods(db, admin.id, admin.sessionCreatedAt),
      ]);
      return { data: { until: until?.toISOString() ?? null, methods } };
    },
  );

  app.post(
    '/recheck/passkey-options',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          'WebAuthn options for a re-check with a passkey added before this sign-in (good once, 5 minutes, this browser)',
        response: { 200: WebAuthnOptions, ...errors(401) },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const { options, cookie } = await signInOptions(db, rp, admin.id, {
        purpose: 'recheck',
        createdBefore: admin.sessionCreatedAt,
      });
      reply.setCookie(CHALLENGE_COOKIE.recheck, cookie, challengeCookie);
      return { data: options };
    },
  );

  app.post(
    '/recheck',
    {
      config: { admin: true },
      ...guard.limit,
      schema: {
        tags,
        summary: 'Confirm it is you: the password, with a factor set up before this sign-in when the account has one',
        description:
          'For 5 minutes after, this browser (a signed `recheck` cookie, not the session cookie) may add or remove factors, ' +
          'replace recovery codes, end other sessions and change the password or the email. A wrong password or code is a 400 ' +
          'and counts as a failed try (10 per address, 5 per account and address, 10 per account in 15 minutes).',
        body: Recheck,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Object({ until: Type.String() }) }),
          ...errors(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const { password, code, passkey } = request.body;
      await guard.checkPassword(request, reply, password, 'password');
      const methods = await recheckMethods(db, admin.id, admin.sessionCreatedAt);
      if (methods.length > 0) {
        if (passkey) {
          await verifyPasskeySignIn(
            db,
            rp,
            passkey as Parameters<typeof verifyPasskeySignIn>[2],
            request.cookies[CHALLENGE_COOKIE.recheck],
            {
              userId: admin.id,
              purpose: 'recheck',
              createdBefore: admin.sessionCreatedAt,
            },
          );
          reply.clearCookie(CHALLENGE_COOKIE.recheck, { path: '/api/auth' });
        } else if (code !== undefined) {
          await checkRecheckCode(db, admin.id, code, admin.sessionCreatedAt);
        } else {
          throw new InvalidInputError('code', RECHECK_MESSAGES.factor);
        }
      }
      const until = await guard.setPassed(request, reply);
      return {
        message: 'Confirmed. For the next 5 minutes you can change how you sign in.',
        data: { until: until.toISOString() },
      };
    },
  );

  app.get(
    '/account-changes',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Changes to how the account signs in whose emailed undo link still works, newest first',
        response: { 200: Type.Object({ data: Type.Array(PendingChange) }), ...errors(401) },
      },
    },
    async (request) => ({ data: await pendingChanges(db, request.admin!.id, request.admin!.sessionCreatedAt) }),
  );

  app.post(
    '/account-changes/:id/confirm',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          'Confirm a change was yours: its undo link stops working. Only from a session that began before the change',
        params: IdParams,
        response: { 200: MessageOnly, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      await confirmChange(db, request.admin!.id, request.params.id, request.admin!.sessionCreatedAt);
      return { message: 'Confirmed. The link in the email no longer works.' };
    },
  );

  app.post(
    '/undo',
    {
      ...undoLimit,
      schema: {
        tags,
        summary:
          'The emailed undo link: signs every browser out and undoes the change (and every later one not confirmed)',
        description:
          'Public: the token from the link is the proof. Works once, for 7 days, until a session older than the change confirms it. ' +
          'A wrong token counts as a failed try (10 per address in 15 minutes).',
        body: UndoToken,
        response: { 200: MessageOnly, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { undone } = await undoChange(db, request.body.token);
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app));
      request.log.warn({ undone }, 'account changes undone from an emailed link: every session ended');
      return {
        message: `Undone (${undone.length} ${undone.length === 1 ? 'change' : 'changes'}). Every device has been signed out. Sign in again and change your password.`,
      };
    },
  );
};

export default recheck;
