import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A small Stripe-compatible HTTP server on 127.0.0.1 (port 0) answering the calls the app
// makes, driven through the real SDK via STRIPE_API_URL. Bodies arrive form-encoded as the
// SDK sends them (`line_items[0][price]=...`); `requests` keeps them flat for assertions.

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** What the fake answered (replays included). */
  reply?: unknown;
};

export type FakeSubscription = {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  price: string;
  /** Epoch seconds; newer subscriptions win when a customer has several. */
  created?: number;
  metadata?: Record<string, string>;
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(options: { checkoutUrl?: (sessionId: string, base: string) => string } = {}) {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const replies = new Map<string, unknown>(); // Idempotency-Key -> first answer, as Stripe replays it
  let counter = 0;
  let base = '';
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

  function subscriptionJson(sub: FakeSubscription) {
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      created: sub.created ?? Math.floor(Date.now() / 1000),
      metadata: sub.metadata ?? {},
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
        data: [{ id: `si_${sub.id}`, object: 'subscription_item', quantity: 1, price: { id: sub.price, object: 'price' } }],
      },
    };
  }

  function answer(req: RecordedRequest): [number, unknown] {
    const { method, path, form } = req;
    if (method === 'POST' && path === '/v1/customers') {
      const metadata = prefixed(form, 'metadata');
      return [200, { id: nextId('cus'), object: 'customer', email: form.email ?? null, name: form.name ?? null, metadata }];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      const url = options.checkoutUrl ? options.checkoutUrl(id, base) : `${base}/checkout/${id}`;
      return [200, { id, object: 'checkout.session', url, status: 'open', mode: form.mode, customer: form.customer ?? null, client_reference_id: form.client_reference_id ?? null, success_url: form.success_url, cancel_url: form.cancel_url, metadata: prefixed(form, 'metadata') }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return [200, { id, object: 'billing_portal.session', url: `${base}/portal/${id}`, customer: form.customer, return_url: form.return_url ?? null }];
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const wanted = [...subscriptions.values()].filter((s) => !req.query.customer || s.customer === req.query.customer);
      const shown = req.query.status === 'all' ? wanted : wanted.filter((s) => s.status !== 'canceled');
      return [200, { object: 'list', url: '/v1/subscriptions', has_more: false, data: shown.map(subscriptionJson) }];
    }
    const one = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && one?.[1]) {
      const sub = subscriptions.get(one[1]);
      if (!sub) return [404, stripeError('invalid_request_error', `No such subscription: '${one[1]}'`, 'resource_missing')];
      sub.status = 'canceled';
      return [200, subscriptionJson(sub)];
    }
    if (method === 'GET' && one?.[1]) {
      const sub = subscriptions.get(one[1]);
      if (sub) return [200, subscriptionJson(sub)];
      return [404, stripeError('invalid_request_error', `No such subscription: '${one[1]}'`, 'resource_missing')];
    }
    return [404, stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`)];
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      if (req.method === 'GET' && /^\/(checkout|portal)\//.test(url.pathname)) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Fake Stripe</title><h1>Fake Stripe ${url.pathname.split('/')[1]}</h1>`);
        return;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(body)),
        headers: req.headers,
      };
      requests.push(recorded);
      const send = (status: number, json: unknown) => {
        recorded.reply = json;
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
        res.end(JSON.stringify(json));
      };
      if (!/^Bearer sk_/.test(req.headers.authorization ?? '')) {
        send(401, stripeError('authentication_error', 'Invalid API Key provided.'));
        return;
      }
      const key = req.headers['idempotency-key'];
      const replayKey = typeof key === 'string' && recorded.method !== 'GET' ? `${recorded.path} ${key}` : null;
      if (replayKey && replies.has(replayKey)) {
        send(200, replies.get(replayKey));
        return;
      }
      const [status, json] = answer(recorded);
      if (replayKey && status === 200) replies.set(replayKey, json);
      send(status, json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    /** Requests to one API path (e.g. '/v1/checkout/sessions'). */
    calls: (path: string) => requests.filter((r) => r.path === path),
    putSubscription(sub: FakeSubscription) {
      subscriptions.set(sub.id, sub);
      return subscriptionJson(sub);
    },
    subscription: (id: string) => subscriptions.get(id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function stripeError(type: string, message: string, code?: string) {
  return { error: { type, message, ...(code ? { code } : {}) } };
}

/** `metadata[userId]=u` -> {userId: 'u'}. */
function prefixed(form: Record<string, string>, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

/** A Stripe event envelope as webhooks deliver it. `created` in epoch seconds. */
export function stripeEvent(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
  return {
    id: options.id ?? `evt_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** A webhook POST signed for real; `timestamp` (epoch seconds) defaults to now. */
export function signedWebhook(event: unknown, secret: string, options: { timestamp?: number } = {}): RequestInit {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload };
}
