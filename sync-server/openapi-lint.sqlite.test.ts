import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from './lib/openapi-document.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

// The served description, written out and linted with Redocly's recommended rules (the
// @redocly/cli of package.json, offline: no telemetry, no update check). The document does
// not depend on the database, so this runs once, on SQLite.

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

let t: TestApp;
let file: string;
let doc: { servers?: { url: string }[]; paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, { content?: Record<string, unknown> }> }>> };

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://toys.example.org' });
  const text = await (await t.app.request('/api/openapi.json')).text();
  doc = JSON.parse(text) as typeof doc;
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'toy-openapi-')), 'openapi.json');
  fs.writeFileSync(file, text);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

async function redoclyLint(target: string): Promise<Problem[]> {
  const cli = path.resolve('node_modules/.bin/redocly');
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  // Exit code 1 means "problems found": the JSON report says which.
  const run = await promisify(execFile)(cli, ['lint', '--extends=recommended', '--format=json', target], { env, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
  const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { problems: Problem[] };
  return report.problems;
}

describe('the OpenAPI description', () => {
  it('passes Redocly recommended rules with no errors', async () => {
    const problems = await redoclyLint(file);
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(problems.filter((p) => p.ruleId === 'operation-operationId')).toEqual([]);
  }, 60_000);

  it('names every operation uniquely, says which need no sign-in, and where it is served', () => {
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/private/getusertoys']?.get?.operationId).toBe('getPrivateGetusertoys');
    expect(doc.paths['/api/private/getUserToys']?.get?.operationId).toBe('getPrivateGetUserToys');
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://toys.example.org' })]);
  });

  it('describes the binary answers with their content types', () => {
    expect(Object.keys(doc.paths['/api/media/{id}']?.get?.responses['200']?.content ?? {})).toEqual(['image/jpeg', 'image/png']);
    expect(Object.keys(doc.paths['/api/private/export']?.get?.responses['200']?.content ?? {})).toEqual(['application/zip']);
    expect(Object.keys(doc.paths['/api/calendar/{file}']?.get?.responses['200']?.content ?? {})).toEqual(['text/calendar']);
  });

  it('a lint that finds an error fails (the check can fail)', async () => {
    const broken = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof doc & { servers?: unknown };
    delete broken.servers;
    const brokenFile = path.join(path.dirname(file), 'broken.json');
    fs.writeFileSync(brokenFile, JSON.stringify(broken));
    expect((await redoclyLint(brokenFile)).map((p) => p.ruleId)).toContain('no-empty-servers');
  }, 60_000);
});

describe('operationIdOf', () => {
  it.each([
    ['put', '/api/private/updatetoy/{id}', 'putPrivateUpdatetoyById'],
    ['get', '/api/sync/{table}/pull', 'getSyncByTablePull'],
    ['post', '/api/stripe/create_checkout_link_premium', 'postStripeCreateCheckoutLinkPremium'],
    ['get', '/api/health', 'getHealth'],
  ])('%s %s -> %s', (method, route, expected) => {
    expect(operationIdOf(method, route)).toBe(expected);
  });
});
