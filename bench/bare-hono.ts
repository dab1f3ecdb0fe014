// The baseline of the server rows of `npm run bench`: a bare Hono JSON route in its own process,
// served the same way as the app (@hono/node-server), on the loopback port given as argument.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/json', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.argv[2]), hostname: '127.0.0.1' }, () => console.log('ready'));
