import path from 'node:path';
import { createServer, createServerModuleRunner, type IndexHtmlTransformContext, type Plugin } from 'vite';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_PAGES, type PrerenderedPage } from '../../shared/prerendered-pages.js';
import { asFirstVisit } from './first-visit-globals.js';

// Build-time only (vite.config.ts). After the client bundle is made, renders each public page
// (shared/prerendered-pages.ts) in Node with react-dom's prerender (render-page.tsx), loaded
// through Vite's module runner so it is the same source, env and CSS imports the bundle has,
// and writes it as its own HTML file: the built index.html with the page inside #root, plus
// the page's own chunks (modulepreload) and stylesheets, found from the modules its render
// ran. Nothing here knows a page: a screen's change reaches its HTML with the next build.

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<OutputBundle[string], { type: 'chunk' }>;

const RENDER_MODULE = '/prerender/render-page.tsx';

type RenderedPage = { page: PrerenderedPage; html: string; modules: Set<string> };

/** Renders every page with a fresh module cache each, so each knows exactly which modules it ran. */
async function renderPages(root: string, mode: string): Promise<RenderedPage[]> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production'; // react-dom's production server build, as the bundle has
  const server = await createServer({
    configFile: false,
    root,
    mode,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
  try {
    const rendered: RenderedPage[] = [];
    for (const page of PRERENDERED_PAGES) {
      runner.clearCache();
      const html = await asFirstVisit(new URL(page.url, 'http://localhost/'), async () => {
        const { renderPage } = (await runner.import(RENDER_MODULE)) as typeof import('./render-page.js');
        return renderPage(page.url);
      });
      rendered.push({ page, html, modules: new Set(runner.evaluatedModules.idToModuleMap.keys()) });
    }
    return rendered;
  } finally {
    await runner.close();
    await server.close();
    process.env.NODE_ENV = nodeEnv;
  }
}

/** The chunks a page needs beyond those index.html already loads, and every stylesheet of them. */
function pageAssets(bundle: OutputBundle, modules: Set<string>): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Chunk[]) => {
    const seen = new Set<Chunk>();
    const visit = (chunk: Chunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    start.forEach(visit);
    return seen;
  };
  const initial = closure(chunks.filter((chunk) => chunk.isEntry));
  const used = closure(chunks.filter((chunk) => chunk.moduleIds.some((id) => modules.has(id.split('?')[0]!))));
  const scripts = [...used].filter((chunk) => !initial.has(chunk)).map((chunk) => chunk.fileName);
  const initialCss = new Set([...initial].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
  const styles = [...used].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]).filter((file) => !initialCss.has(file));
  return { scripts, styles: [...new Set(styles)] };
}

/**
 * react-dom puts the preloads it found (images) before the markup; in the document they belong
 * in <head>, where hydration does not look for them.
 */
function splitHoisted(html: string): { head: string; body: string } {
  const hoisted = /^(?:<link [^>]*\/?>)+/.exec(html)?.[0] ?? '';
  return { head: hoisted, body: html.slice(hoisted.length) };
}

function pageHtml(shell: string, rendered: RenderedPage, assets: { scripts: string[]; styles: string[] }): string {
  const { head, body } = splitHoisted(rendered.html);
  const links = [
    ...assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    head,
  ].join('');
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`prerender: index.html has no ${root}`);
  return shell.replace('</head>', `${links}</head>`).replace(root, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}>${body}</div>`);
}

export function prerender(): Plugin {
  let root = '';
  let mode = 'production';
  return {
    name: 'toy-rotation:prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
    },
    generateBundle: {
      // After index.html is written into the bundle (with the app-chunks list and the manifest
      // link), before vite-plugin-pwa lists the files to precache (its closeBundle).
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('prerender: the bundle has no index.html');
        const shell = String(index.source);
        for (const rendered of await renderPages(path.resolve(root), mode)) {
          const source = pageHtml(shell, rendered, pageAssets(bundle, rendered.modules));
          this.emitFile({ type: 'asset', fileName: rendered.page.file, source });
        }
      },
    },
  };
}
