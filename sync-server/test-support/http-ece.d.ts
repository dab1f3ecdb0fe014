// http_ece (RFC 8188 encrypted content-encoding, by the RFC's author) ships no types; the test
// push service uses only decrypt.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
