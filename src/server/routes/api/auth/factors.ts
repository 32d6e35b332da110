import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { passwordMatches } from '../../../auth/login.ts';
import {
  addPasskey, countPasskeys, listPasskeys, registrationOptions, relyingPartyOf, removePasskey, renamePasskey,
} from '../../../auth/passkeys.ts';
import { recoveryCodesLeft, removeRecoveryCodes, replaceRecoveryCodes } from '../../../auth/recovery-codes.ts';
import { checkSecondFactorCode, factorsOf, hasSecondFactor } from '../../../auth/second-step.ts';
import { deleteUserSessions } from '../../../auth/sessions.ts';
import { confirmTotp, hasTotp, removeTotp, startTotpSetup } from '../../../auth/totp.ts';
import { InvalidInputError } from '../../../lib/domain-errors.ts';
import { backgroundMail } from '../../../mail/background.ts';
import { factorEmail, type FactorChange } from '../../../mail/factor-email.ts';
import { failureLimit, sessionToken } from '../../../plugins/auth.ts';
import {
  AddPasskey, ConfirmAgain, errors, Factors, IdParams, MessageOnly, PasskeyAdded, RecoveryCodesAnswer, RenamePasskey, tags, TotpCode,
  TotpSetupAnswer, WebAuthnOptions,
} from './schemas.ts';

/**
 * The owner's second factors (the Security screen): passkeys, the authenticator app, recovery codes.
 * Every call needs the session. Adding a factor emails the owner; removing one, or replacing the
 * recovery codes, asks for the password or a code again, emails the owner and ends every other session.
 */
const factors: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const rp = relyingPartyOf(config.publicUrl, new URL(config.publicUrl).hostname);
  // Authenticator apps list the entry under the site's host name.
  const ISSUER = rp.name;
  const sendMail = backgroundMail(app);
  const MINUTE = 60_000;
  // A wrong password or code here is a guess like a wrong sign-in (see PUT /api/auth/password).
  const confirmLimit = failureLimit(app, {
    name: 'factor-confirm',
    perAddress: { max: 10, windowMs: 15 * MINUTE },
    perAccountAndAddress: { max: 5, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE },
    accountOf: (request) => request.admin?.email ?? '',
  });
  const totpLimit = failureLimit(app, { name: 'totp-confirm', perAddress: { max: 10, windowMs: 15 * MINUTE } });
  const passkeyAddLimit = failureLimit(app, { name: 'passkey-add', perAddress: { max: 20, windowMs: 15 * MINUTE } });

  const tell = (request: FastifyRequest, change: FactorChange) => {
    sendMail({ to: request.admin!.email, ...factorEmail({ change, at: new Date(), publicUrl: config.publicUrl }) }, request.log, 'the factor change email');
  };

  /** The password or a code, asked again before a factor goes; a wrong one is a 400 on that field. */
  const confirmAgain = async (request: FastifyRequest & { body: ConfirmAgain }) => {
    const { currentPassword, code } = request.body;
    const admin = request.admin!;
    if (currentPassword !== undefined) {
      const ok = await passwordMatches(db, admin.id, currentPassword, { ticket: { address: request.ip, priority: true }, log: request.log });
      if (!ok) throw new InvalidInputError('currentPassword', 'The current password is incorrect.');
      return;
    }
    if (code !== undefined) {
      await checkSecondFactorCode(db, admin.id, code, { knownDevice: true });
      return;
    }
    throw new InvalidInputError('currentPassword', 'Enter your current password (or a code from your authenticator app) to confirm.');
  };

  /** After a factor is added: the first factor of the account comes with a set of recovery codes. */
  const recoveryCodesIfFirst = async (userId: string) => ((await recoveryCodesLeft(db, userId)) === 0 ? replaceRecoveryCodes(db, userId) : undefined);

  /** After a factor is removed: with none left, the recovery codes go too; other sessions end. */
  const afterRemoval = async (request: FastifyRequest) => {
    const userId = request.admin!.id;
    if (!hasSecondFactor(await factorsOf(db, userId))) await removeRecoveryCodes(db, userId);
    await deleteUserSessions(db, userId, sessionToken(request));
  };

  app.get('/factors', {
    config: { admin: true },
    schema: { tags, summary: 'The account\'s passkeys, whether an authenticator app is set up, and the recovery codes left', response: { 200: Factors, ...errors(401) } },
  }, async (request) => {
    const userId = request.admin!.id;
    const [passkeys, totp, left] = await Promise.all([listPasskeys(db, userId), hasTotp(db, userId), recoveryCodesLeft(db, userId)]);
    return { data: { passkeys, totp, recoveryCodesLeft: left } };
  });

  app.post('/passkeys/options', {
    config: { admin: true },
    schema: { tags, summary: 'WebAuthn options for adding a passkey to this account (the challenge is good once, for 5 minutes)', response: { 200: WebAuthnOptions, ...errors(401, 409) } },
  }, async (request) => ({ data: await registrationOptions(db, rp, request.admin!) }));

  app.post('/passkeys', {
    config: { admin: true },
    ...passkeyAddLimit,
    schema: {
      tags, summary: 'Add a passkey with the browser\'s answer to the options; the account\'s first factor comes with 10 recovery codes',
      body: AddPasskey, response: { 200: PasskeyAdded, ...errors(400, 401, 409, 429) },
    },
  }, async (request) => {
    const userId = request.admin!.id;
    const passkey = await addPasskey(db, rp, userId, request.body.name, request.body.response as Parameters<typeof addPasskey>[4]);
    const recoveryCodes = await recoveryCodesIfFirst(userId);
    tell(request, { kind: 'passkey-added', name: passkey.name });
    return { message: 'Passkey added', data: { passkey, ...(recoveryCodes ? { recoveryCodes } : {}) } };
  });

  app.patch('/passkeys/:id', {
    config: { admin: true },
    schema: { tags, summary: 'Rename a passkey', params: IdParams, body: RenamePasskey, response: { 200: MessageOnly, ...errors(400, 401, 404) } },
  }, async (request) => {
    await renamePasskey(db, request.admin!.id, request.params.id, request.body.name);
    return { message: 'Passkey renamed' };
  });

  app.delete('/passkeys/:id', {
    config: { admin: true },
    ...confirmLimit,
    schema: {
      tags, summary: 'Remove a passkey; asks for the password (or a code) again and ends every other session',
      params: IdParams, body: ConfirmAgain, response: { 200: MessageOnly, ...errors(400, 401, 404, 429) },
    },
  }, async (request) => {
    await confirmAgain(request);
    const name = await removePasskey(db, request.admin!.id, request.params.id);
    await afterRemoval(request);
    tell(request, { kind: 'passkey-removed', name });
    return { message: 'Passkey removed. Other devices have been signed out.' };
  });

  app.post('/totp/setup', {
    config: { admin: true },
    schema: {
      tags, summary: 'Start setting up an authenticator app: a new secret (QR code and text), in force once confirmed with a code',
      response: { 200: TotpSetupAnswer, ...errors(401, 409) },
    },
  }, async (request) => ({ data: await startTotpSetup(db, request.admin!, ISSUER) }));

  app.post('/totp', {
    config: { admin: true },
    ...totpLimit,
    schema: {
      tags, summary: 'Confirm the authenticator app with its first code; the account\'s first factor comes with 10 recovery codes',
      body: TotpCode, response: { 200: RecoveryCodesAnswer, ...errors(400, 401, 409, 429) },
    },
  }, async (request) => {
    const userId = request.admin!.id;
    if (!(await confirmTotp(db, userId, request.body.code.trim()))) {
      throw new InvalidInputError('code', 'Wrong code. Check that the app shows this site\'s entry and that the phone\'s clock is right, then try the next code.');
    }
    const recoveryCodes = await recoveryCodesIfFirst(userId);
    tell(request, { kind: 'totp-added' });
    return { message: 'Authenticator app set up', data: recoveryCodes ? { recoveryCodes } : {} };
  });

  app.delete('/totp', {
    config: { admin: true },
    ...confirmLimit,
    schema: {
      tags, summary: 'Remove the authenticator app; asks for the password (or a code) again and ends every other session',
      body: ConfirmAgain, response: { 200: MessageOnly, ...errors(400, 401, 429) },
    },
  }, async (request) => {
    await confirmAgain(request);
    const wasOn = await removeTotp(db, request.admin!.id);
    if (wasOn) {
      await afterRemoval(request);
      tell(request, { kind: 'totp-removed' });
    }
    return { message: 'Authenticator app removed. Other devices have been signed out.' };
  });

  app.post('/recovery-codes', {
    config: { admin: true },
    ...confirmLimit,
    schema: {
      tags, summary: 'Replace the recovery codes with 10 new ones (shown once); asks for the password (or a code) again',
      body: ConfirmAgain, response: { 200: RecoveryCodesAnswer, ...errors(400, 401, 409, 429) },
    },
  }, async (request) => {
    await confirmAgain(request);
    const userId = request.admin!.id;
    if ((await countPasskeys(db, userId)) === 0 && !(await hasTotp(db, userId))) {
      throw new InvalidInputError('code', 'Add a passkey or an authenticator app first: recovery codes stand in for them.');
    }
    const recoveryCodes = await replaceRecoveryCodes(db, userId);
    tell(request, { kind: 'recovery-codes-replaced' });
    return { message: 'New recovery codes made. The earlier ones no longer work.', data: { recoveryCodes } };
  });
};

export default factors;
