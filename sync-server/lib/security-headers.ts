import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Headers on every page and file of the built client. The CSP allows only our own origin for
 * scripts and data; images also from data:/blob: (photos picked on the device); the front-page
 * video player is a privacy-enhanced YouTube frame loaded only on click.
 */
export function securityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ['https://www.youtube-nocookie.com'],
      manifestSrc: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
  });
}

/**
 * The headers an API answer needs (OWASP's REST list): it is data, never a page, so its CSP
 * allows nothing (no script, style or frame can run from it, and no site may frame it); the
 * rest stop sniffing, framing, leaking the address and other sites embedding a photo. The
 * page headers (a dozen, with the app's CSP) would cost every API call for nothing. A fixed
 * object, so an answer can take it as it is (see the health route in app.ts).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
});

const API_HEADER_ENTRIES = Object.entries(API_SECURITY_HEADERS);

/** Answers built with API_SECURITY_HEADERS already in their plain header object. */
const carryingApiHeaders = new WeakSet<Response>();

/**
 * A response whose headers (a plain object) include API_SECURITY_HEADERS: the middleware then
 * leaves it alone, and @hono/node-server writes the object as it is, with no Headers instance
 * built, filled and sorted (a hot cached answer: getusertoys).
 */
export function responseWithApiHeaders(body: BodyInit | null, init: { status?: number; headers: Record<string, string> }): Response {
  const res = new Response(body, { status: init.status, headers: { ...API_SECURITY_HEADERS, ...init.headers } });
  carryingApiHeaders.add(res);
  return res;
}

/** Puts API_SECURITY_HEADERS on the answer, whichever way it was made (error answers too). */
export function apiSecurityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (carryingApiHeaders.has(c.res)) return;
    const headers = c.res.headers;
    for (const [name, value] of API_HEADER_ENTRIES) headers.set(name, value);
  };
}
