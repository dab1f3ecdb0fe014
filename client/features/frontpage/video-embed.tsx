import { useState } from 'react';
import { PlayIcon } from '../../components/icons.js';

// Privacy first: nothing is requested from YouTube until the parent presses play, and then
// only from the no-cookie domain the CSP allows. Set VITE_INTRO_VIDEO_ID at build time for
// the project's own video; the default is a freely licensed short film used as a stand-in.
const INTRO_VIDEO_ID: string = import.meta.env.VITE_INTRO_VIDEO_ID || 'aqz-KE-bpKQ';

export function VideoEmbed({ title }: { title: string }) {
  const [playing, setPlaying] = useState(false);
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
          <span className="visually-hidden">Play the video: {title}</span>
        </button>
      )}
    </div>
  );
}
