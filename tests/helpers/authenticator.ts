import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for API tests: an ES256 key pair, the WebAuthn JSON a browser would send
 * (@simplewebauthn/browser's shapes), with "none" attestation, user presence and verification.
 * Enough CBOR to write the attestation object and the COSE key; nothing is mocked on the server.
 */

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

type Cbor = number | string | Buffer | Map<number | string, Cbor> | Cbor[];

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const b = Buffer.from(value);
    return Buffer.concat([head(3, b.length), b]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

export interface SoftPasskey {
  id: string;
  /** The answer to registration options (POST /api/auth/passkeys/options → POST /api/auth/passkeys). */
  register(options: { challenge: string; user: { id: string } }): object;
  /** The answer to sign-in options; `userHandle` overrides the handle the passkey was made for. */
  assert(options: { challenge: string }, opts?: { userHandle?: string }): object;
}

export function softPasskey(origin: string): SoftPasskey {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let handle = '';
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const authData = (flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const signWith = (key: KeyObject, data: Buffer) => sign('sha256', data, key);
  return {
    id: b64(credentialId),
    register(options) {
      handle = options.user.id;
      const clientDataJSON = JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin,
        crossOrigin: false,
      });
      const len = Buffer.from([credentialId.length >> 8, credentialId.length & 255]);
      const attested = Buffer.concat([Buffer.alloc(16), len, credentialId, coseKey]);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(0x45, attested)],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientDataJSON),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
      };
    },
    assert(options, opts = {}) {
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
      );
      const data = authData(0x05);
      const signature = signWith(privateKey, Buffer.concat([data, sha256(clientDataJSON)]));
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(data),
          signature: b64(signature),
          userHandle: opts.userHandle ?? handle,
        },
      };
    },
  };
}
