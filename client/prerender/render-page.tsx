import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppTree } from '../app-tree.js';

// Build time only, in Node (prerender-plugin.ts loads it through Vite): renders one public page
// as a first-time visitor's browser shows it. `prerenderToNodeStream` waits for every lazy
// screen, so the HTML holds the page itself, with React's markers for hydrateRoot.

/** The HTML inside #root for `url`. */
export async function renderPage(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppTree />
      </StaticRouter>
    </StrictMode>,
    {
      // Every boundary inline, however large: an outlined one would need an inline script to
      // put it in place, and the CSP runs no inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        throw error instanceof Error ? error : new Error(String(error));
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
