import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RotationDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { ToyPhoto } from '../../components/toy-photo.js';
import type { NamedChild } from '../../hooks/use-children.js';
import { placeContents } from './place-contents.js';
import './place-summary.css';

type PlaceSummaryProps = {
  place: string;
  toys: readonly ToyDoc[];
  rotations: readonly RotationDoc[];
  children: readonly NamedChild[];
  onOpen: (toyId: string) => void;
};

/**
 * A bin's page (what its label's QR code opens, decision 048): what is in the bin and what is
 * out now, from this device's data (so it works offline too).
 */
export function PlaceSummary({ place, toys, rotations, children, onOpen }: PlaceSummaryProps) {
  const { t } = useTranslation('binLabels');
  const { inBin, outNow } = useMemo(() => placeContents(toys, place, rotations, children), [toys, place, rotations, children]);
  const several = children.length > 1;
  const item = (toy: ToyDoc, note?: string) => (
    <li key={toy.id}>
      <button type="button" className="tr-place__toy" onClick={() => onOpen(toy.id)}>
        <ToyPhoto mediaId={toy.mediaId} alt="" className="tr-place__photo" />
        <span>{toy.title}</span>
        {note && <span className="muted tr-place__note">{note}</span>}
      </button>
    </li>
  );
  return (
    <section className="card tr-place" aria-labelledby="place-title" data-testid="place-summary">
      <h2 id="place-title">{t('place.heading', { place })}</h2>
      {inBin.length + outNow.length === 0 ? (
        <p>{t('place.unknown', { place })}</p>
      ) : (
        <div className="tr-place__parts">
          <section aria-labelledby="place-in-bin">
            <h3 id="place-in-bin">{t('place.inBin')}</h3>
            {inBin.length === 0 ? <p className="muted">{t('place.inBinEmpty')}</p> : <ul>{inBin.map((toy) => item(toy))}</ul>}
          </section>
          <section aria-labelledby="place-out-now">
            <h3 id="place-out-now">{t('place.outNow')}</h3>
            {outNow.length === 0 ? (
              <p className="muted">{t('place.outNowEmpty')}</p>
            ) : (
              <ul>{outNow.map(({ toy, children: names }) => item(toy, several ? t('place.outFor', { name: names.join(', ') }) : undefined))}</ul>
            )}
          </section>
        </div>
      )}
      <Link to="/inventory">{t('place.showAll')}</Link>
    </section>
  );
}
