/**
 * The error texts of requests as a whole, of fields, and of signing in and the account: a part of
 * the catalogue (error-codes.ts, decision 037), in a module of its own so that the sign-in page's
 * script carries these and not the content screens' (error-texts-content.ts).
 */
/** A text of a code: a sentence, or a sentence made from the values the answer carries. */
export type Text = string | ((p: never) => string);

const seconds = (n: number, unit: 'seconds' | 'minutes') => `${n} ${unit}`;
const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/** Refusals of a request as a whole, before any feature reads it (transport, body, limits, the server's state). */
export const HTTP_ERRORS = {
  'http.no_route': (p: { method: string; path: string }) => `No route for ${p.method} ${p.path}`,
  'http.body_too_large': 'The request body is too large.',
  'http.body_empty': 'The request body is empty.',
  'http.body_not_json': 'The request body is not valid JSON.',
  'http.body_too_deep': (p: { max: number }) => `The request body is nested too deeply (${p.max} levels at most).`,
  'http.unsupported_type': 'Unsupported content type.',
  'http.not_multipart': 'Expected a multipart/form-data upload.',
  'http.file_too_large': 'The file is too large (10 MB at most).',
  'http.control_characters': (p: { field: string }) => `${p.field} must not contain control characters`,
  'http.broken_text': (p: { field: string }) =>
    `${p.field} must be valid Unicode text (it contains half of a character)`,
  /** A refusal of the framework or a plugin that has no code of its own: its own sentence. */
  'http.refused': (p: { detail: string }) => p.detail,
  'http.cross_origin': 'Cross-origin request refused.',
  'http.headers_too_large': 'The request headers (or its address) are too large.',
  'http.too_slow': 'The request took too long to arrive.',
  'http.not_http': 'The request is not valid HTTP.',
  'http.address_too_long': 'The address is too long.',
  'http.broken_escape': 'The address is not valid: it has a broken % escape.',
  'rate.too_many_attempts': 'Too many attempts. Please wait a moment and try again.',
  'rate.too_many_requests': (p: { wait: number; unit: 'seconds' | 'minutes' }) =>
    `Too many requests, please try again in ${seconds(p.wait, p.unit)}.`,
  'rate.account': (p: { wait: number; unit: 'seconds' | 'minutes' }) =>
    `Too many attempts for this account. Please try again in ${seconds(p.wait, p.unit)}.`,
  'server.busy': 'The server is busy. Please try again in a moment.',
  'server.database_unavailable': 'The site cannot reach its database right now. Please try again in a few seconds.',
  'server.race': 'This conflicts with a change made at the same moment. Please reload and try again.',
  'server.error': 'Something went wrong on our side. Please try again.',
  'server.client_gone': 'The client closed the connection.',
  'server.shutting_down': 'The server is shutting down.',
  'server.not_ready': (p: { reason: string }) => `Database unavailable: ${p.reason}`,
} as const satisfies Record<string, Text>;

/** A field a schema refuses: `field` is the API's name of it (`title`, `hours.fri.0.to`). */
export const INPUT_ERRORS = {
  'input.required': (p: { field: string }) => `${p.field} is required`,
  'input.empty': (p: { field: string }) => `${p.field} must not be empty`,
  'input.too_short': (p: { field: string; limit: number }) => `${p.field} must be at least ${p.limit} characters`,
  'input.too_long': (p: { field: string; limit: number }) => `${p.field} must be at most ${p.limit} characters`,
  'input.not_one_of': (p: { field: string; values: string }) => `${p.field} must be one of: ${p.values}`,
  'input.email': (p: { field: string }) => `${p.field} must be a valid email address`,
  'input.format': (p: { field: string; format: string }) => `${p.field} must be a valid ${p.format}`,
  'input.six_digits': (p: { field: string }) => `${p.field} must be exactly 6 digits`,
  'input.starts_with_slash': (p: { field: string }) => `${p.field} must start with /`,
  'input.time': (p: { field: string }) =>
    `${p.field} must be a time written HH:MM on a 24-hour clock, like 08:00 or 16:30`,
  'input.slug': (p: { field: string; max: number }) =>
    `${p.field} must be letters and digits joined by single dashes, at most ${p.max} characters (or empty)`,
  'input.pattern': (p: { field: string }) => `${p.field} is not in the expected format`,
  'input.whole_number': (p: { field: string }) => `${p.field} must be a whole number`,
  'input.type': (p: { field: string; type: string }) => `${p.field} must be a ${p.type}`,
  'input.too_small': (p: { field: string; limit: number }) => `${p.field} must be at least ${p.limit}`,
  'input.too_big': (p: { field: string; limit: number }) => `${p.field} must be at most ${p.limit}`,
  'input.too_many_items': (p: { field: string; limit: number }) => `${p.field} must have at most ${p.limit} items`,
  'input.unknown_field': (p: { field: string }) => `${p.field} is not a field this call takes`,
  /** A rule with no sentence of its own: the validator's words. */
  'input.invalid': (p: { field: string; rule: string }) => `${p.field} ${p.rule}`,
} as const satisfies Record<string, Text>;

/** Signing in, resetting the password, second factors, the re-check and the account's changes. */
export const AUTH_ERRORS = {
  'auth.sign_in_first': 'Please sign in first.',
  'auth.bad_credentials': 'Incorrect email or password.',
  'auth.wrong_current_password': 'The current password is incorrect.',
  'auth.session_ended': 'This session has already ended.',
  'auth.queue_full':
    'Too many sign-in attempts at once. Please wait a moment and try again, or sign in with your passkey.',
  'reset.no_code': 'There is no active code for this email. Please request a new code.',
  'reset.expired': 'This code has expired. Please request a new code.',
  'reset.dead': 'This code no longer works after 5 wrong tries. Please request a new code.',
  'reset.used': 'This code has already been used. Please request a new code.',
  'reset.bad_token': 'Your password reset session is invalid or has expired. Please request a new code.',
  'reset.wrong_elsewhere': 'Wrong code. Please check the code in the email and try again.',
  'reset.wrong_code': (p: { left: number }) => `Wrong code. ${p.left} ${p.left === 1 ? 'try' : 'tries'} left.`,
  'reset.last_try': 'Wrong code. That was the last try: this code no longer works. Please request a new code.',
  'reset.cooldown': (p: { seconds: number }) => `Please wait ${p.seconds} seconds before requesting another code.`,
  'reset.too_many_today': (p: { hours: number }) =>
    `Too many wrong codes for this email today. Please try again in ${hours(p.hours)}, or enter the code in the browser that asked for it.`,
  'reset.factor_needed':
    'Confirm with your passkey, your authenticator app or a recovery code before choosing a new password.',
  'step.expired': 'This sign-in has expired. Please start again.',
  'step.wrong_code':
    'Wrong code. Check the code in your authenticator app (a new one appears every 30 seconds), or enter a recovery code.',
  'step.used_code':
    'This code has already been used. Wait for the next code in your authenticator app, or enter a recovery code.',
  'step.recovery_wrong': 'This recovery code is wrong or has already been used.',
  'step.code_shape': 'Enter the 6-digit code from your authenticator app, or a recovery code such as ABCDE-FGH23.',
  'step.too_many_today': (p: { hours: number }) =>
    `Too many wrong codes for this account today. Please try again in ${hours(p.hours)}, or use your passkey.`,
  'passkey.stale': 'This passkey request has expired or was already used. Please try again.',
  'passkey.unknown':
    'This passkey is not registered here. Use another passkey, or sign in with your email and password.',
  'passkey.not_registered': 'This passkey is not registered here.',
  'passkey.failed': 'The passkey could not be verified. Please try again.',
  'passkey.too_many': (p: { max: number }) => `An account holds at most ${p.max} passkeys. Remove one first.`,
  'passkey.taken': 'This passkey is already added.',
  'passkey.not_found': 'This passkey was not found. It may have been removed.',
  'totp.taken': 'An authenticator app is already set up. Remove it first to set up another.',
  'totp.set_up_already': 'The authenticator app is already set up.',
  'totp.start_first': 'Start the authenticator app set-up first.',
  'totp.wrong_code':
    "Wrong code. Check that the app shows this site's entry and that the phone's clock is right, then try the next code.",
  'recovery.needs_factor': 'Add a passkey or an authenticator app first: recovery codes stand in for them.',
  'recheck.needed': 'To change this, confirm it is you first: enter your password again.',
  'recheck.needed_with_factor':
    'To change this, confirm it is you first: enter your password again, with your passkey, a code from your authenticator app or a recovery code.',
  'recheck.factor':
    'Also confirm with your passkey, a code from your authenticator app or a recovery code set up before this sign-in.',
  'recheck.wrong_code': 'This code is wrong, already used, or belongs to a factor added after this sign-in.',
  'change.not_waiting': 'This change is no longer waiting to be confirmed.',
  'change.newer_session': 'Confirm this change from a browser that was signed in before it was made.',
  'change.link_gone':
    'This link no longer works: the change was confirmed from a signed-in browser, undone already, or is more than 7 days old.',
  'admit.no_code':
    'Ask for a code in this browser first, or ask again: codes last 15 minutes and work only in the browser that asked.',
  'admit.wrong_code': 'Wrong code. Check the code in the email and type it in the browser where you asked for it.',
  'admit.too_many_wrong': 'Too many wrong codes. Ask for a new code.',
  'email.same': "This is already the account's email.",
  'email.no_code': 'Ask for a code first (codes last 15 minutes and work in the browser that asked).',
  'email.too_many_wrong': 'Too many wrong codes. Ask for a new code.',
  'email.wrong_code': 'Wrong code. Check the code sent to the new address.',
  'email.not_set_up':
    'Email is not set up on this site, so no code can reach the new address. Set SMTP_URL on the server first.',
} as const satisfies Record<string, Text>;
