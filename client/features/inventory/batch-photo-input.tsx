import { useId, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon } from '../../components/icons.js';
import { imageFiles } from './batch-rows.js';
import './batch-add.css';

/** Whether a drag carries files (a dragged link or text is not for us). */
export function dragHasFiles(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes('Files');
}

/** The image files of a drop, the drop itself taken over from the browser. */
export function droppedImages(event: DragEvent): File[] {
  event.preventDefault();
  return imageFiles(event.dataTransfer.files);
}

type ManyPhotosPickerProps = {
  /** The visible text, or an icon with `label` as its name. */
  children: ReactNode;
  label?: string;
  className: string;
  disabled?: boolean;
  describedBy?: string;
  onFiles: (files: File[]) => void;
};

/**
 * A file input for many photos (no `capture`: phones then offer the photo library, where many
 * can be ticked, as well as the camera). Its label is the button, so focus shows on the label.
 */
export function ManyPhotosPicker({ children, label, className, disabled, describedBy, onFiles }: ManyPhotosPickerProps) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        className="visually-hidden tr-many-photos__input"
        type="file"
        accept="image/*"
        multiple
        aria-label={label}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(event) => {
          const files = imageFiles(event.target.files ?? []);
          event.target.value = ''; // the same photos picked again still count
          if (files.length) onFiles(files);
        }}
      />
      <label htmlFor={id} className={className} title={label} data-disabled={disabled || undefined}>
        {children}
      </label>
    </>
  );
}

/** The review list's "Choose photos" / "Add more photos"; the list itself takes dropped photos (desktop). */
export function BatchPhotoInput({ label, dragging, onFiles }: { label: string; dragging: boolean; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation('batch');
  return (
    <div className="tr-batch__pick">
      <ManyPhotosPicker className="btn btn--secondary btn--small" onFiles={onFiles}>
        <ImageIcon size={18} /> {label}
      </ManyPhotosPicker>
      <span className="field__hint tr-batch__drop">{dragging ? t('dropHere') : t('orDrop')}</span>
    </div>
  );
}
