import { useSession } from '../session/session.js';
import { usePhotoUrl, useRetryingPhotoSrc } from '../sync/use-photo-url.js';
import { CameraIcon } from './icons.js';

type ToyPhotoProps = { mediaId: string | null; alt: string; className?: string };

/** A toy's photo from the local media cache (so it shows offline), or a neutral placeholder. */
export function ToyPhoto({ mediaId, alt, className }: ToyPhotoProps) {
  const { householdId } = useSession();
  // A photo still uploading from another device is fetched again until it is there.
  const { src: url, onError } = useRetryingPhotoSrc(usePhotoUrl(mediaId, householdId));
  if (!url) {
    return (
      <div className={['tr-photo tr-photo--empty', className].filter(Boolean).join(' ')} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
        <CameraIcon size={32} />
      </div>
    );
  }
  return <img className={['tr-photo', className].filter(Boolean).join(' ')} src={url} alt={alt} loading="lazy" onError={onError} />;
}
