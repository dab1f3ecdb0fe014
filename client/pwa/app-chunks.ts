import type { IndexHtmlTransformContext, Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

// Build-time only (vite.config.ts). The service worker precaches only the shell: the entry
// chunk, the public screens (front page, legal, sign-in, contact, pricing, payment result)
// and what they import. The signed-in app (RxDB, Dexie, the screens, the captcha) is cached
// after sign-in (client/pwa/offline-cache.ts), from the list this plugin writes into
// index.html, so a first visit to /frontpage downloads only what it shows.

/** Screens a visitor can open without an account: precached so they open offline after one visit. */
const PUBLIC_SCREEN = /\/client\/(?:features\/(?:frontpage|legal|auth|contact|pricing|payment)\/[^/]+-page\.tsx|app\/not-found-page\.tsx|pwa\/register-sw\.ts)$|workbox-window/;
/**
 * Each language's messages but English (client/i18n/bundles): not precached, since a first
 * visit reads one language; cached with the app after sign-in, and for a visitor when they
 * first reach for the language menu (decision 043).
 */
const LANGUAGE_BUNDLE = /\/client\/i18n\/bundles\/[a-z]+\.ts$/;
/** Never in the shell, even when a public screen imports them statically. */
const APP_ONLY_MODULE = /node_modules\/(?:rxdb|dexie|altcha|@zxcvbn-ts)\//;

const APP_CHUNKS_ELEMENT_ID = 'app-chunks';
const LANGUAGE_CHUNKS_ELEMENT_ID = 'language-chunks';

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['workbox']>['manifestTransforms']>[number];
type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<OutputBundle[string], { type: 'chunk' }>;

const state = { appFiles: new Set<string>(), shellFiles: new Set<string>(), languageFiles: [] as string[], preloadShell: new Set<string>() };

function shellOf(bundle: OutputBundle) {
  const chunks = new Map<string, Chunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const shell = new Set<string>();
  const visit = (chunk: Chunk) => {
    if (shell.has(chunk.fileName)) return;
    shell.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css);
    for (const imported of chunk.imports) {
      const next = chunks.get(imported);
      if (next) visit(next);
    }
  };
  for (const chunk of chunks.values()) {
    const isShell = chunk.isEntry || (chunk.facadeModuleId !== null && PUBLIC_SCREEN.test(chunk.facadeModuleId));
    if (isShell) visit(chunk);
  }
  for (const file of [...shell]) {
    const chunk = chunks.get(file);
    if (chunk && Object.keys(chunk.modules).some((id) => APP_ONLY_MODULE.test(id))) shell.delete(file);
  }
  return { chunks, shell };
}

function split(bundle: OutputBundle) {
  const { chunks, shell } = shellOf(bundle);
  const app = Object.keys(bundle).filter((file) => /\.(?:js|css)$/.test(file) && !shell.has(file));
  state.shellFiles = shell;
  state.appFiles = new Set(app);
  state.languageFiles = [...chunks.values()]
    .filter((chunk) => chunk.facadeModuleId !== null && LANGUAGE_BUNDLE.test(chunk.facadeModuleId))
    .flatMap((chunk) => [chunk.fileName, ...chunk.imports])
    .filter((file, index, all) => !shell.has(file) && all.indexOf(file) === index);
  return app;
}

/** Writes the app's chunk list into index.html (a JSON data block, never run as a script). */
export function appChunks(): Plugin {
  return {
    name: 'toy-rotation:app-chunks',
    apply: 'build',
    // Before Vite writes each dynamic import's preload list (preloadShellOnly below reads it).
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        state.preloadShell = shellOf(bundle).shell;
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const urls = split(context.bundle).map((file) => `/${file}`);
        const languageUrls = state.languageFiles.map((file) => `/${file}`);
        return [
          { tag: 'script', attrs: { type: 'application/json', id: APP_CHUNKS_ELEMENT_ID }, children: JSON.stringify(urls), injectTo: 'body' },
          { tag: 'script', attrs: { type: 'application/json', id: LANGUAGE_CHUNKS_ELEMENT_ID }, children: JSON.stringify(languageUrls), injectTo: 'body' },
        ];
      },
    },
  };
}

/** Whether a built file (path inside the output) is one of the signed-in app's chunks, not the shell's. */
export function isAppChunk(file: string): boolean {
  return state.appFiles.has(file);
}

/**
 * Vite's `build.modulePreload.resolveDependencies`: a lazy screen of the shell (a public page,
 * maybe not cached yet) keeps its list of JavaScript to preload; a signed-in screen gets none.
 * The signed-in app's chunks are in the offline cache, so the import chain costs little, while
 * adding a `<link rel="modulepreload">` per dependency on each lazy import held the first
 * render of /inventory for 67-88 ms of a 4x-slowed phone (decision 060). Stylesheets are
 * always preloaded (Vite keeps them outside this list).
 */
export function preloadShellOnly(importedFile: string, jsDependencies: string[]): string[] {
  return state.preloadShell.has(importedFile) ? jsDependencies : [];
}

/** Workbox manifest transform: drops the app's chunks from the precache (they are cached after sign-in). */
export const shellOnly: ManifestTransform = (entries) => {
  if (state.appFiles.size === 0) throw new Error('app-chunks: the bundle was not split before the precache list was made');
  return { manifest: entries.filter((entry) => !state.appFiles.has(entry.url.replace(/^\//, ''))), warnings: [] };
};
