import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software passkey for server tests (the browser tests use Chromium's virtual authenticator):
// it answers WebAuthn options with the JSON a browser would send, as a P-256 (ES256) credential
// with "none" attestation, CBOR written with SimpleWebAuthn's own helper and signatures by Node.
// `origin` and `rpID` can be wrong on purpose, and the signature counter set, to act as a
// phishing page or a cloned authenticator.

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };
type Overrides = { origin?: string; rpID?: string; counter?: number; type?: string };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  #userHandle = '';
  counter = 0;

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = pair.privateKey;
    this.#publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** startRegistration()'s answer to these options. */
  register(options: Options, overrides: Overrides = {}) {
    this.#userHandle = options.user?.id ?? '';
    const jwk = this.#publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([this.#authDataHead(overrides.rpID ?? options.rp!.id!, 0x45, overrides.counter ?? this.counter), Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(cose))]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: this.#clientData('webauthn.create', options.challenge, overrides), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** startAuthentication()'s answer; the counter goes up by one unless set. */
  authenticate(options: Options, overrides: Overrides = {}) {
    if (overrides.counter === undefined) this.counter++;
    const authData = this.#authDataHead(overrides.rpID ?? options.rpId!, 0x05, overrides.counter ?? this.counter);
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge, overrides);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), this.#privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON, authenticatorData: b64url(authData), signature: b64url(signature), userHandle: this.#userHandle },
    };
  }

  /** rpIdHash, flags (UP 0x01, UV 0x04, AT 0x40), signature counter. */
  #authDataHead(rpID: string, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), count]);
  }

  #clientData(type: string, challenge: string, overrides: Overrides): string {
    return b64url(Buffer.from(JSON.stringify({ type: overrides.type ?? type, challenge, origin: overrides.origin ?? this.origin, crossOrigin: false })));
  }
}
