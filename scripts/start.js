import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildInputsHash, builtFrom, serverInputsHash } from './build-inputs.js';

// `npm start` (decision 038): plain Node, no TypeScript loader. Builds the client (Vite, into
// dist/) and the server (esbuild, into dist-server/) only where that build's inputs changed since
// it was made (scripts/build-inputs.js; a fresh clone has neither, so it builds both once), then
// runs the server bundle in this process. A start with nothing changed hashes the sources and
// serves. A CLIENT_DIR of one's own is served as it is.

const repo = path.resolve(import.meta.dirname, '..');
const say = (line) => console.log(`[toy-rotation] ${line}`);

const started = performance.now();
const clientWanted = process.env.CLIENT_DIR ? null : buildInputsHash(repo, 'production');
const clientBuilt = builtFrom(path.join(repo, 'dist'));
const serverWanted = serverInputsHash(repo);
const serverBuilt = builtFrom(path.join(repo, 'dist-server'));
const checked = `checked in ${(performance.now() - started).toFixed(0)} ms`;

if (clientWanted === null) {
  say(`serving the client in CLIENT_DIR (${process.env.CLIENT_DIR}) as it is`);
} else if (clientBuilt === clientWanted) {
  say(`dist/ matches the client's sources (${checked})`);
} else {
  say(`${clientBuilt ? "the client's sources changed since the last build" : 'no client build in dist/ yet'}: building the client…`);
  const result = spawnSync(process.execPath, [path.join(repo, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: repo,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('[toy-rotation] the client build failed: not serving an old or half-built client');
    process.exit(result.status ?? 1);
  }
}

if (serverBuilt === serverWanted) {
  say(`dist-server/ matches the server's sources (${checked})`);
} else {
  say(`${serverBuilt ? "the server's sources changed since the last build" : 'no server build in dist-server/ yet'}: building the server…`);
  try {
    const { buildServer } = await import('./build-server.js');
    await buildServer();
  } catch (error) {
    console.error('[toy-rotation] the server build failed: not serving an old server', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

await import('../dist-server/index.js');
