import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import https from 'node:https';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

// A push service on loopback for tests (no real one is reachable from here): devices are key
// pairs made as a browser makes them (RFC 8291: a P-256 key and a 16-byte auth secret), and
// every message POSTed to a device's endpoint is decrypted as the standard says (aes128gcm,
// RFC 8188, with http_ece) and recorded with its VAPID and TTL headers. A device can be made
// to answer 410 Gone (unsubscribed) or 500 (the service failing).

export type TestDevice = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** PushSubscription.toJSON() of this device. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
};

type ReceivedPush = { device: string; text: string; vapid: string; ttl: string; encoding: string };

export type TestPushService = {
  url: string;
  received: ReceivedPush[];
  newDevice(): TestDevice;
  /** From now on the device's endpoint answers this status (201 is a delivery). */
  answer(device: TestDevice, status: number): void;
  close(): Promise<void>;
};

// Push services speak https only (web-push never sends plain http). This service's certificate
// (self-signed for 127.0.0.1 and localhost, valid for a century) is trusted by the test process
// the way a machine trusts a real push service's: through Node's default https agent.
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBxDCCAWugAwIBAgIUYdtq00wiDCN/JCvkjSCXNmm2IJMwCgYIKoZIzj0EAwIw
KTEnMCUGA1UEAwwedG95LXJvdGF0aW9uIHRlc3QgcHVzaCBzZXJ2aWNlMCAXDTI2
MTEyNzE2MDExNloYDzIxMjYxMTAzMTYwMTE2WjApMScwJQYDVQQDDB50b3ktcm90
YXRpb24gdGVzdCBwdXNoIHNlcnZpY2UwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNC
AATExidfsA7/m80x68ArwVSCIg5s7m0ixWl3vHSRapTmu/H0Ods81qxKYRyPLwLy
MXGOa5FLhpzUXw2RXXJ4R4J7o28wbTAdBgNVHQ4EFgQUyv1scghlWOJxKnVuHqPR
exfUFx8wHwYDVR0jBBgwFoAUyv1scghlWOJxKnVuHqPRexfUFx8wDwYDVR0TAQH/
BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZIzj0EAwID
RwAwRAIgJ/AQ0p/U2erRVQfdxfiYlCVvfwVPhNoJ0aBSrHKKqBUCIDVco3mJVdhg
8M+mGjt2wu93f8ncRZM5b7EheyRoez+l
-----END CERTIFICATE-----`;
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgFkIeAfuKFBhq1jo/
Swdx28Tz1L3BGw//fN1E7gd0Oc6hRANCAATExidfsA7/m80x68ArwVSCIg5s7m0i
xWl3vHSRapTmu/H0Ods81qxKYRyPLwLyMXGOa5FLhpzUXw2RXXJ4R4J7
-----END PRIVATE KEY-----`;

function trustTestCertificate(): void {
  const options = https.globalAgent.options;
  const trusted = Array.isArray(options.ca) ? options.ca : [...tls.rootCertificates];
  if (!trusted.includes(TEST_CERT)) options.ca = [...trusted, TEST_CERT];
}

export async function startTestPushService(host = '127.0.0.1'): Promise<TestPushService> {
  trustTestCertificate();
  const devices = new Map<string, { ecdh: ECDH; auth: string; status: number }>();
  const received: ReceivedPush[] = [];
  const server = https.createServer({ cert: TEST_CERT, key: TEST_KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = req.url?.split('/').pop() ?? '';
      const device = devices.get(id);
      if (!device || req.method !== 'POST') return void res.writeHead(404).end();
      if (device.status !== 201) return void res.writeHead(device.status).end();
      const text = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8');
      received.push({ device: id, text, vapid: String(req.headers.authorization ?? ''), ttl: String(req.headers.ttl ?? ''), encoding: String(req.headers['content-encoding'] ?? '') });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const url = `https://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    newDevice() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(16).toString('base64url');
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      devices.set(id, { ecdh, auth: keys.auth, status: 201 });
      const endpoint = `${url}/push/${id}`;
      return { endpoint, keys, subscription: { endpoint, expirationTime: null, keys }, ecdh };
    },
    answer(device, status) {
      const entry = devices.get(device.endpoint.split('/').pop()!);
      if (entry) entry.status = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
