import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The front page promises only what is there (issue 23): a store badge only for a store link
// configured at build time, and the video only when the project's video id is set.

async function badges(): Promise<string> {
  vi.resetModules();
  await import('../../i18n/i18n.js'); // the fresh module graph's i18next, with its English texts
  const { StoreBadges } = await import('./store-badges.js');
  return renderToStaticMarkup(createElement(StoreBadges));
}

async function video(): Promise<{ shown: boolean; html: string }> {
  vi.resetModules();
  await import('../../i18n/i18n.js');
  const { HAS_INTRO_VIDEO, VideoEmbed } = await import('./video-embed.js');
  return { shown: HAS_INTRO_VIDEO, html: renderToStaticMarkup(createElement(VideoEmbed, { title: 'Toy Rotation in two minutes' })) };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('store badges', () => {
  it('are left out when no store link is configured (there is no store app)', async () => {
    vi.stubEnv('VITE_APP_STORE_URL', '');
    vi.stubEnv('VITE_PLAY_STORE_URL', '');
    expect(await badges()).toBe('');
  });

  it('show only the configured store, linking to its page, never to a store search', async () => {
    vi.stubEnv('VITE_APP_STORE_URL', '');
    vi.stubEnv('VITE_PLAY_STORE_URL', 'https://play.google.com/store/apps/details?id=app.toyrotation');
    const html = await badges();
    expect(html).toContain('href="https://play.google.com/store/apps/details?id=app.toyrotation"');
    expect(html).not.toContain('App Store');
    expect(html).not.toContain('search');
  });
});

describe('the intro video', () => {
  it('is left out without a configured video id (no stand-in film)', async () => {
    vi.stubEnv('VITE_INTRO_VIDEO_ID', '');
    expect(await video()).toEqual({ shown: false, html: '' });
  });

  it('shows its poster when the project video id is set', async () => {
    vi.stubEnv('VITE_INTRO_VIDEO_ID', 'abcDEF12345');
    const { shown, html } = await video();
    expect(shown).toBe(true);
    expect(html).toContain('Play the video: Toy Rotation in two minutes');
  });
});
