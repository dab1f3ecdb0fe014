import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayIcon } from '../../components/icons.js';

// Privacy first: nothing is requested from YouTube until the parent presses play, and then
// only from the no-cookie domain the CSP allows. The spec's video is the project's own, set at
// build time as VITE_INTRO_VIDEO_ID (a YouTube id; README "Configuration"); without one the
// front page has no video section at all (never a stand-in film).
const CONFIGURED_ID = (import.meta.env.VITE_INTRO_VIDEO_ID as string | undefined)?.trim() ?? '';
const INTRO_VIDEO_ID: string | null = /^[A-Za-z0-9_-]{6,20}$/.test(CONFIGURED_ID) ? CONFIGURED_ID : null;

/** Whether the front page has a video to show. */
export const HAS_INTRO_VIDEO = INTRO_VIDEO_ID !== null;

export function VideoEmbed({ title }: { title: string }) {
  const { t } = useTranslation('public');
  const [playing, setPlaying] = useState(false);
  if (INTRO_VIDEO_ID === null) return null;
  return (
    <div className="video-embed">
      {playing ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(INTRO_VIDEO_ID)}?autoplay=1&rel=0`}
          title={title}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className="video-embed__poster" onClick={() => setPlaying(true)}>
          <img src="/poster.svg" alt="" width={1280} height={720} />
          <span className="video-embed__play">
            <PlayIcon size={40} />
          </span>
          <span className="visually-hidden">{t('front.video.play', { title })}</span>
        </button>
      )}
    </div>
  );
}
