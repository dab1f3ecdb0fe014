import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/fields.js';
import { QrCode } from '../../components/qr-code.js';
import { useSession } from '../../session/session.js';
import { placePath } from '../../session/pending-place.js';
import { usePhotoUrl } from '../../sync/use-photo-url.js';
import type { BinLabel, BinLabelToy } from './swap-list.js';
import './bin-labels.css';

type BinLabelsProps = { labels: BinLabel[]; printing: boolean; photos: boolean };

/**
 * Bin labels for printing (not shown on screen): one bordered box per storage place with every
 * toy stored there, to cut out and stick on the bin. Each carries a QR code that opens the
 * place in the app (decision 048): what is in the bin and what is out now. `photos`: a small
 * photo beside each toy. `printing`: the page prints these instead of the checklist
 * (swap-list.css).
 */
export function BinLabels({ labels, printing, photos }: BinLabelsProps) {
  const { t } = useTranslation('rotation');
  const { t: tl } = useTranslation('binLabels');
  return (
    <section className="tr-bin-labels" data-print={printing ? 'on' : 'off'} data-testid="bin-labels" aria-label={t('swap.binLabels')}>
      {labels.map((label) => (
        <div key={label.place} className="tr-bin-label" data-place={label.place}>
          <div className="tr-bin-label__head">
            <p className="tr-bin-label__place">{label.place}</p>
            <figure className="tr-bin-label__qr">
              <QrCode text={`${window.location.origin}${placePath(label.place)}`} size={96} label={tl('qr', { place: label.place })} className="tr-bin-label__code" />
              <figcaption>{tl('scan')}</figcaption>
            </figure>
          </div>
          <ul className={photos ? 'tr-bin-label__toys tr-bin-label__toys--photos' : 'tr-bin-label__toys'}>
            {label.toys.map((toy) => (
              <li key={toy.id}>
                {photos && <LabelPhoto toy={toy} />}
                <span>{toy.title}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** Loaded eagerly: the labels are hidden until printed, and a lazy image would print blank. */
function LabelPhoto({ toy }: { toy: BinLabelToy }) {
  const { householdId } = useSession();
  const url = usePhotoUrl(toy.mediaId, householdId);
  if (!url) return <span className="tr-bin-label__photo tr-bin-label__photo--none" aria-hidden="true" />;
  return <img className="tr-bin-label__photo" src={url} alt="" loading="eager" decoding="sync" />;
}

/** The print view's choice of small photos on the labels (off by default: ink, and a clear list). */
export function LabelPhotosOption({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('binLabels');
  return <Checkbox className="tr-label-photos" label={t('photos')} checked={checked} onChange={(event) => onChange(event.target.checked)} />;
}
