import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  addPasskey,
  CHALLENGE_COOKIE,
  CHALLENGE_TTL_SECONDS,
  countPasskeys,
  listPasskeys,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
} from '../passkeys.ts';
import {
  recoveryCodesLeft,
  removeRecoveryCodes,
  replaceRecoveryCodes,
  storedRecoveryCodes,
} from '../recovery-codes.ts';
import { factorsOf, hasSecondFactor } from '../second-step.ts';
import { deleteUserSessions } from '../sessions.ts';
import { confirmTotp, hasTotp, startTotpSetup } from '../totp.ts';
import { InvalidInputError } from '../../../lib/domain-errors.ts';
import { failureLimit, sessionCookieOptions, sessionToken } from '../../../plugins/auth.ts';
import { accountGuard } from './account-guard.ts';
import {
  AddPasskey,
  ConfirmAgain,
  errors,
  Factors,
  IdParams,
  MessageOnly,
  PasskeyAdded,
  RecoveryCodesAnswer,
  RenamePasskey,
  tags,
  TotpCode,
  TotpSetupAnswer,
  WebAuthnOptions,
} from '../schemas.ts';

/**
 * The owner's second factors (the Security screen): passkeys, the authenticator app, recovery codes.
 * Every call needs the session, and every change the re-check of the last 5 minutes (or the password
 * and a code sent with it): a copy of the session cookie alone changes nothing here. Each change is
 * emailed to the owner with a link that undoes it (account-guard.ts); a removal ends every other session.
 */
const factors: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const rp = relyingPartyOf(config.publicUrl, new URL(config.publicUrl).hostname);
  // Authenticator apps list the entry under the site's host name.
  const ISSUER = rp.name;
  const guard = accountGuard(app);
  const MINUTE = 60_000;
  const totpLimit = failureLimit(app, { name: 'totp-confirm', perAddress: { max: 10, windowMs: 15 * MINUTE } });
  const passkeyAddLimit = failureLimit(app, { name: 'passkey-add', perAddress: { max: 20, windowMs: 15 * MINUTE } });
  const challengeCookie = {
    ...sessionCookieOptions(app),
    path: '/api/auth',
    sameSite: 'strict' as const,
    maxAge: CHALLENGE_TTL_SECONDS,
  };

  /** After a factor is added: the first factor of the account comes with a set of recovery codes (and what they replaced, for the undo). */
  const recoveryCodesIfFirst = async (userId: string) => {
    if ((await recoveryCodesLeft(db, userId)) > 0) return { codes: undefined, before: undefined };
    const before = await storedRecoveryCodes(db, userId);
    return { codes: await replaceRecoveryCodes(db, userId), before };
  };

  /** After a factor is removed: with none left, the recovery codes go too (answers them, for the undo); other sessions end. */
  const afterRemoval = async (request: FastifyRequest) => {
    const userId = request.admin!.id;
    let before;
    if (!hasSecondFactor(await factorsOf(db, userId))) {
      before = await storedRecoveryCodes(db, userId);
      await removeRecoveryCodes(db, userId);
    }
    await deleteUserSessions(db, userId, sessionToken(request));
    return before;
  };

  app.get(
    '/factors',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: "The account's passkeys, whether an authenticator app is set up, and the recovery codes left",
        response: { 200: Factors, ...errors(401) },
      },
    },
    async (request) => {
      const userId = request.admin!.id;
      const [passkeys, totp, left] = await Promise.all([
        listPasskeys(db, userId),
        hasTotp(db, userId),
        recoveryCodesLeft(db, userId),
      ]);
      return { data: { passkeys, totp, recoveryCodesLeft: left } };
    },
  );

  app.post(
    '/passkeys/options',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          'WebAuthn options for adding a passkey to this account (the challenge is good once, for 5 minutes, in this browser)',
        description: 'Needs the re-check of the last 5 minutes (POST /api/auth/recheck), else 403.',
        response: { 200: WebAuthnOptions, ...errors(401, 403, 409) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply);
      const { options, cookie } = await registrationOptions(db, rp, request.admin!);
      reply.setCookie(CHALLENGE_COOKIE.register, cookie, challengeCookie);
      return { data: options };
    },
  );

  app.post(
    '/passkeys',
    {
      config: { admin: true },
      ...passkeyAddLimit,
      schema: {
        tags,
        summary:
          "Add a passkey with the browser's answer to the options; the account's first factor comes with 10 recovery codes",
        description: 'Needs the re-check of the last 5 minutes, else 403. The owner is emailed a link that undoes it.',
        body: AddPasskey,
        response: { 200: PasskeyAdded, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply);
      const userId = request.admin!.id;
      const passkey = await addPasskey(
        db,
        rp,
        userId,
        request.body.name,
        request.body.response as Parameters<typeof addPasskey>[4],
        request.cookies[CHALLENGE_COOKIE.register],
      );
      reply.clearCookie(CHALLENGE_COOKIE.register, { path: '/api/auth' });
      const recovery = await recoveryCodesIfFirst(userId);
      await guard.tell(
        request,
        {
          kind: 'passkey-added',
          passkeyId: passkey.id,
          ...(recovery.before ? { recoveryBefore: recovery.before } : {}),
        },
        { name: passkey.name },
      );
      return {
        message: 'Passkey added',
        data: { passkey, ...(recovery.codes ? { recoveryCodes: recovery.codes } : {}) },
      };
    },
  );

  app.patch(
    '/passkeys/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Rename a passkey',
        params: IdParams,
        body: RenamePasskey,
        response: { 200: MessageOnly, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      await renamePasskey(db, request.admin!.id, request.params.id, request.body.name);
      return { message: 'Passkey renamed' };
    },
  );

  app.delete(
    '/passkeys/:id',
    {
      config: { admin: true },
      ...guard.limit,
      schema: {
        tags,
        summary:
          'Remove a passkey; needs the re-check (or the password and a code with this call) and ends every other session',
        params: IdParams,
        body: ConfirmAgain,
        response: { 200: MessageOnly, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply, { password: request.body.currentPassword, code: request.body.code });
      const removed = await removePasskey(db, request.admin!.id, request.params.id);
      const recoveryBefore = await afterRemoval(request);
      await guard.tell(
        request,
        { kind: 'passkey-removed', passkey: removed, ...(recoveryBefore ? { recoveryBefore } : {}) },
        { name: removed.name },
      );
      return { message: 'Passkey removed. Other devices have been signed out.' };
    },
  );

  app.post(
    '/totp/setup',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          'Start setting up an authenticator app: a new secret (QR code and text), in force once confirmed with a code',
        description: 'Needs the re-check of the last 5 minutes, else 403.',
        response: { 200: TotpSetupAnswer, ...errors(401, 403, 409) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply);
      return { data: await startTotpSetup(db, request.admin!, ISSUER) };
    },
  );

  app.post(
    '/totp',
    {
      config: { admin: true },
      ...totpLimit,
      schema: {
        tags,
        summary:
          "Confirm the authenticator app with its first code; the account's first factor comes with 10 recovery codes",
        description: 'Needs the re-check of the last 5 minutes, else 403. The owner is emailed a link that undoes it.',
        body: TotpCode,
        response: { 200: RecoveryCodesAnswer, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply);
      const userId = request.admin!.id;
      if (!(await confirmTotp(db, userId, request.body.code.trim()))) {
        throw new InvalidInputError('code', 'totp.wrong_code');
      }
      const recovery = await recoveryCodesIfFirst(userId);
      await guard.tell(request, {
        kind: 'totp-added',
        ...(recovery.before ? { recoveryBefore: recovery.before } : {}),
      });
      return { message: 'Authenticator app set up', data: recovery.codes ? { recoveryCodes: recovery.codes } : {} };
    },
  );

  app.delete(
    '/totp',
    {
      config: { admin: true },
      ...guard.limit,
      schema: {
        tags,
        summary:
          'Remove the authenticator app; needs the re-check (or the password and a code with this call) and ends every other session',
        body: ConfirmAgain,
        response: { 200: MessageOnly, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply, { password: request.body.currentPassword, code: request.body.code });
      const userId = request.admin!.id;
      const gone = await db.deleteFrom('totp_factors').where('user_id', '=', userId).returningAll().executeTakeFirst();
      if (gone?.confirmed_at) {
        const recoveryBefore = await afterRemoval(request);
        const { user_id: _owner, ...totp } = gone;
        await guard.tell(request, { kind: 'totp-removed', totp, ...(recoveryBefore ? { recoveryBefore } : {}) });
      }
      return { message: 'Authenticator app removed. Other devices have been signed out.' };
    },
  );

  app.post(
    '/recovery-codes',
    {
      config: { admin: true },
      ...guard.limit,
      schema: {
        tags,
        summary:
          'Replace the recovery codes with 10 new ones (shown once); needs the re-check (or the password and a code with this call)',
        body: ConfirmAgain,
        response: { 200: RecoveryCodesAnswer, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await guard.ensure(request, reply, { password: request.body.currentPassword, code: request.body.code });
      const userId = request.admin!.id;
      if ((await countPasskeys(db, userId)) === 0 && !(await hasTotp(db, userId))) {
        throw new InvalidInputError('code', 'recovery.needs_factor');
      }
      const recoveryBefore = await storedRecoveryCodes(db, userId);
      const recoveryCodes = await replaceRecoveryCodes(db, userId);
      await guard.tell(request, { kind: 'recovery-codes-replaced', recoveryBefore });
      return { message: 'New recovery codes made. The earlier ones no longer work.', data: { recoveryCodes } };
    },
  );
};

export default factors;
