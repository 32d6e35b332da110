/** The browser side of passkeys, through @simplewebauthn/browser: the ceremony, and what its failures mean. */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { factors } from './endpoints.ts';

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** True when the owner closed the browser's passkey prompt, or it timed out: nothing to report as an error. */
export const passkeyCancelled = (err: unknown): boolean =>
  ['NotAllowedError', 'AbortError'].includes((err as Error | undefined)?.name ?? '');

/** Signs in with a passkey (alone, or as the second step of `ticket`); answers the server's answer. */
export async function passkeySignIn(ticket?: string) {
  const optionsJSON = await factors.passkeySignInOptions(ticket);
  const response = await startAuthentication({
    optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return factors.passkeySignIn(response, ticket);
}

/** Makes a passkey on this device for the signed-in account and adds it under `name`. */
export async function addPasskey(name: string) {
  const optionsJSON = await factors.passkeyOptions();
  const response = await startRegistration({
    optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return factors.addPasskey(name, response);
}
