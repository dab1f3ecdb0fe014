import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../components/button.js';
import { BinLabels } from './bin-labels.js';
import { swapCount, tickKey, type BinLabel, type SwapGroup, type SwapList } from './swap-list.js';
import { useSwapTicks } from './swap-ticks.js';
import './swap-list.css';

type SwapChecklistProps = { childId: string; rotationId: string; list: SwapList; labels: BinLabel[]; childName?: string | null };

const NO_PLACE = 'No storage place';

/** After Rotate: what to put away and what to bring out, ticked off while tidying; prints as a checklist or as bin labels. */
export function SwapChecklist({ childId, rotationId, list, labels, childName }: SwapChecklistProps) {
  const { ticks, toggle } = useSwapTicks(childId, rotationId);
  // What the page prints (also through the browser's own Print menu): the last one chosen.
  const [printing, setPrinting] = useState<'list' | 'labels'>('list');
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
            <p className="tr-swap__place">{group.place ?? NO_PLACE}</p>
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
          <h2 id="swap-title">Swap list{childName ? ` for ${childName}` : ''}</h2>
          <p className="tr-swap__progress" aria-live="polite">
            {done === total ? 'All done, the toys are swapped.' : `${done} of ${total} done`}
          </p>
          <Button variant="secondary" size="small" onClick={() => print('list')}>
            Print checklist
          </Button>
          {labels.length > 0 && (
            <Button variant="secondary" size="small" onClick={() => print('labels')}>
              Print bin labels
            </Button>
          )}
        </div>
        <div className="tr-swap__parts">
          {section('Put away', 'swap-away', list.putAway, 'Nothing to put away.')}
          {section('Bring out', 'swap-out', list.bringOut, 'Nothing new to bring out.')}
        </div>
      </section>
      {labels.length > 0 && <BinLabels labels={labels} printing={printing === 'labels'} />}
    </>
  );
}
