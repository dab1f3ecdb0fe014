import { useSession } from '../session/session.js';
import { usePhotoUrl, useRetryingPhotoSrc } from '../sync/use-photo-url.js';
import { CameraIcon } from './icons.js';

const PHOTO_CLASS = 'tr-photo';
const EMPTY_CLASS = 'tr-photo tr-photo--empty';

type ToyPhotoProps = { mediaId: string | null; alt: string; className?: string };

/** A toy's photo from the local media cache (so it shows offline), or a neutral placeholder. */
export function ToyPhoto({ mediaId, alt, className }: ToyPhotoProps) {
  const { householdId } = useSession();
  // A photo still uploading from another device is fetched again until it is there.
  const { src: url, onError } = useRetryingPhotoSrc(usePhotoUrl(mediaId, householdId));
  const classes = (base: string) => [base, className].filter(Boolean).join(' ');
  if (!url) {
    return (
      <div className={classes(EMPTY_CLASS)} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
        <CameraIcon size={32} />
      </div>
    );
  }
  return <img className={classes(PHOTO_CLASS)} src={url} alt={alt} loading="lazy" onError={onError} />;
}
