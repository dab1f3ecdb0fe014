import { isIP } from 'node:net';

// The server POSTs to whatever endpoint a device registered, so an endpoint is a way to make
// the server send requests: only https push services on public names are accepted. A server
// whose own address is plain http on this machine (development, tests) also accepts loopback
// endpoints, where a local push service can run; a real deployment (https APP_URL) never does.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const isLoopback = (url: URL) => LOOPBACK_HOSTS.has(url.hostname);

/** Why the server will not send to this endpoint, or null when it will. */
export function endpointProblem(endpoint: string, appUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint must be a URL.';
  }
  const app = new URL(appUrl);
  if (url.protocol !== 'https:') return 'The push endpoint must be an https address.';
  if (isLoopback(url) && app.protocol === 'http:' && isLoopback(app)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLoopback(url) || isIP(host) !== 0 || !host.includes('.')) return "The push endpoint must be a push service's public address.";
  return null;
}
