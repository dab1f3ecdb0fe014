import { useTranslation } from 'react-i18next';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { CameraIcon, ImageIcon } from '../../components/icons.js';

type PhotoPickerProps = {
  /** What is shown now: the chosen photo's preview or the toy's photo; null for none yet. */
  preview: ReactNode | null;
  reading: boolean;
  onPick: (file: File | undefined) => void;
};

/**
 * Two clear ways to a photo: "Take a photo" opens the camera on phones (capture), "Choose from
 * library" the photo library or file picker (no capture: phones would otherwise offer only the
 * camera). The preview area is tappable (the camera) and, on desktops, takes a dropped image.
 */
export function PhotoPicker({ preview, reading, onPick }: PhotoPickerProps) {
  const { t } = useTranslation('inventory');
  const cameraId = useId();
  const libraryId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = [...event.dataTransfer.files].find((candidate) => candidate.type.startsWith('image/'));
    onPick(file);
  }

  return (
    <div
      className="tr-photo-picker"
      role="group"
      aria-labelledby={`${cameraId}-legend`}
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        if (![...event.dataTransfer.types].includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <span className="field__label" id={`${cameraId}-legend`}>
        {t('photo.label')}
      </span>
      {preview ?? (
        // The empty frame is a big target for a thumb: it opens the camera too.
        <label htmlFor={cameraId} className="tr-photo tr-photo--empty tr-photo-picker__placeholder">
          <CameraIcon size={32} />
          <span>{t('photo.tapToTake')}</span>
        </label>
      )}
      <div className="tr-photo-picker__actions">
        <input
          id={cameraId}
          className="visually-hidden tr-photo-picker__input"
          type="file"
          accept="image/*"
          capture="environment"
          aria-describedby={hintId}
          onChange={(event) => {
            onPick(event.target.files?.[0]);
            event.target.value = ''; // the same file picked again still counts
          }}
        />
        <label htmlFor={cameraId} className="btn btn--secondary btn--small">
          <CameraIcon size={18} /> {t('photo.take')}
        </label>
        <input
          id={libraryId}
          className="visually-hidden tr-photo-picker__input"
          type="file"
          accept="image/*"
          aria-describedby={hintId}
          onChange={(event) => {
            onPick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label htmlFor={libraryId} className="btn btn--secondary btn--small">
          <ImageIcon size={18} /> {t('photo.library')}
        </label>
      </div>
      <span className="field__hint" id={hintId}>
        {reading ? t('photo.preparing') : dragging ? t('photo.dropHere') : <span className="tr-photo-picker__drop">{t('photo.orDrop')}</span>}
      </span>
    </div>
  );
}
