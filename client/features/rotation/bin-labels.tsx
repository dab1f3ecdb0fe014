import type { BinLabel } from './swap-list.js';

type BinLabelsProps = { labels: BinLabel[]; printing: boolean };

/**
 * Bin labels for printing (not shown on screen): one bordered box per storage place with every
 * toy stored there, to cut out and stick on the bin. `printing`: the page prints these instead
 * of the checklist (swap-list.css).
 */
export function BinLabels({ labels, printing }: BinLabelsProps) {
  return (
    <section className="tr-bin-labels" data-print={printing ? 'on' : 'off'} data-testid="bin-labels" aria-label="Bin labels">
      {labels.map((label) => (
        <div key={label.place} className="tr-bin-label">
          <p className="tr-bin-label__place">{label.place}</p>
          <ul>
            {label.titles.map((title, index) => (
              <li key={`${index}:${title}`}>{title}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
