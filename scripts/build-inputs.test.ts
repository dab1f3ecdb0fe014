import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInputsHash, builtFrom, serverInputsHash, STAMP_FILE } from './build-inputs.js';

// `npm start` serves dist/ as it is only when this hash says the build's inputs are unchanged.

let repo: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
};

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
  write('client/main.tsx', 'render()');
  write('shared/routes.ts', 'export const routes = [];');
  write('vite.config.ts', 'export default {}');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

describe('buildInputsHash', () => {
  it('changes with what the build reads: a source, the lockfile, the mode, a VITE_ variable', () => {
    const before = buildInputsHash(repo, 'production', {});
    write('client/main.tsx', 'render(2)');
    const edited = buildInputsHash(repo, 'production', {});
    expect(edited).not.toBe(before);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(buildInputsHash(repo, 'production', {})).not.toBe(edited);
    const now = buildInputsHash(repo, 'production', {});
    expect(buildInputsHash(repo, 'bench', {})).not.toBe(now);
    expect(buildInputsHash(repo, 'production', { VITE_INTRO_VIDEO_ID: 'abc' })).not.toBe(now);
    write('client/public/badges/new.svg', '<svg/>');
    expect(buildInputsHash(repo, 'production', {})).not.toBe(now);
  });

  it('stays the same for what the build does not read: times, tests, test helpers, other variables', () => {
    const before = buildInputsHash(repo, 'production', { HOME: '/root' });
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(repo, 'client/main.tsx'), later, later);
    write('client/main.test.tsx', 'test()');
    write('client/test-support/harness.ts', 'export {}');
    write('sync-server/index.ts', 'serve()');
    expect(buildInputsHash(repo, 'production', { HOME: '/elsewhere', PORT: '1' })).toBe(before);
  });
});

describe('serverInputsHash', () => {
  it("changes with the server's sources, shared code and the lockfile, not with the client or tests", () => {
    write('sync-server/index.ts', 'serve()');
    const before = serverInputsHash(repo);
    write('client/main.tsx', 'render(3)');
    write('sync-server/app.test.ts', 'test()');
    write('sync-server/test-support/server-process.ts', 'export {}');
    expect(serverInputsHash(repo)).toBe(before);
    write('sync-server/index.ts', 'serve(1)');
    const edited = serverInputsHash(repo);
    expect(edited).not.toBe(before);
    write('shared/routes.ts', 'export const routes = [1];');
    expect(serverInputsHash(repo)).not.toBe(edited);
  });
});

describe('builtFrom', () => {
  it('reads the stamp a finished build wrote, and null where there is none', () => {
    expect(builtFrom(path.join(repo, 'dist'))).toBeNull();
    write(`dist/${STAMP_FILE}`, 'abc123\n');
    expect(builtFrom(path.join(repo, 'dist'))).toBe('abc123');
  });
});
