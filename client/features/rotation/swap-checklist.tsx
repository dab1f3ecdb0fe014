import { formatRotationDate } from './rotation-format.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flushSync } from 'react-dom';
import { Button } from '../../components/button.js';
import { BinLabels, LabelPhotosOption } from './bin-labels.js';
import { swapCount, tickKey, type BinLabel, type SwapGroup, type SwapList } from './swap-list.js';
import { useSwapTicks } from './swap-ticks.js';
import './swap-list.css';

type SwapChecklistProps = {
  childId: string;
  rotationId: string;
  list: SwapList;
  labels: BinLabel[];
  /** In the title when the household has several children. */
  childName?: string | null;
  /** The child's own name, when given: a printed list lying on a shelf says whose it is. */
  namedChild?: string | null;
  rotatedAt: number;
};

// The two parts' heading ids (aria-labelledby).
const PUT_AWAY_ID = 'swap-away';
const BRING_OUT_ID = 'swap-out';

/** After Rotate: what to put away and what to bring out, ticked off while tidying; prints as a checklist or as bin labels. */
export function SwapChecklist({ childId, rotationId, list, labels, childName, namedChild, rotatedAt }: SwapChecklistProps) {
  const { t } = useTranslation('rotation');
  const { ticks, toggle } = useSwapTicks(childId, rotationId);
  // What the page prints (also through the browser's own Print menu): the last one chosen.
  const [printing, setPrinting] = useState<'list' | 'labels'>('list');
  const [labelPhotos, setLabelPhotos] = useState(false);
  const total = swapCount(list);
  if (total === 0) return null;
  const print = (target: 'list' | 'labels') => {
    flushSync(() => setPrinting(target)); // on the page before the print dialog takes its picture
    window.print();
  };
  const done = [...list.putAway, ...list.bringOut].flatMap((g) => g.items).filter((item) => ticks.has(tickKey(item))).length;

  const section = (title: string, id: string, groups: SwapGroup[], empty: string) => (
    <section className="tr-swap__part" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {groups.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        groups.map((group) => (
          <div key={group.place ?? ''} className="tr-swap__group">
            <p className="tr-swap__place">{group.place ?? t('swap.noPlace')}</p>
            <ul>
              {group.items.map((item) => {
                const key = tickKey(item);
                return (
                  <li key={key}>
                    <label className="checkbox tr-swap__item">
                      <input type="checkbox" checked={ticks.has(key)} onChange={(event) => toggle(key, event.target.checked)} />
                      <span>{item.title}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        ))
      )}
    </section>
  );

  return (
    <>
      <section className="card tr-swap" aria-labelledby="swap-title" data-testid="swap-list" data-print={printing === 'list' ? 'on' : 'off'}>
        <div className="tr-swap__head">
          <h2 id="swap-title">{childName ? t('swap.titleFor', { name: childName }) : t('swap.title')}</h2>
          <p className="tr-swap__meta" data-testid="swap-meta">
            {namedChild ? t('swap.metaFor', { name: namedChild, date: formatRotationDate(rotatedAt) }) : t('swap.meta', { date: formatRotationDate(rotatedAt) })}
          </p>
          <p className="tr-swap__progress" aria-live="polite">
            {done === total ? t('swap.allDone') : t('swap.progress', { done, total })}
          </p>
          <Button variant="secondary" size="small" onClick={() => print('list')}>
            {t('swap.printList')}
          </Button>
          {labels.length > 0 && (
            <>
              <Button variant="secondary" size="small" onClick={() => print('labels')}>
                {t('swap.printLabels')}
              </Button>
              <LabelPhotosOption checked={labelPhotos} onChange={setLabelPhotos} />
            </>
          )}
        </div>
        <div className="tr-swap__parts">
          {section(t('swap.putAway'), PUT_AWAY_ID, list.putAway, t('swap.nothingAway'))}
          {section(t('swap.bringOut'), BRING_OUT_ID, list.bringOut, t('swap.nothingOut'))}
        </div>
      </section>
      {labels.length > 0 && <BinLabels labels={labels} printing={printing === 'labels'} photos={labelPhotos} />}
    </>
  );
}
