import { memo, useRef } from 'react';
import { OVER_LIMIT_BADGE } from '../../../shared/domain/over-limit.js';
import type { ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { EmptyState } from '../../components/empty-state.js';
import { BlockIcon, InventoryIcon, StarIcon } from '../../components/icons.js';
import { ToyPhoto } from '../../components/toy-photo.js';
import { useGridWindow } from './grid-window.js';

type ToyGalleryProps = {
  toys: ToyDoc[];
  total: number;
  names: Map<string, string>;
  /** Toys beyond the plan's limit (kept, marked; see shared/domain/over-limit.ts). */
  overLimit?: ReadonlySet<string>;
  onOpen: (id: string) => void;
  onAdd?: () => void;
};

export function ToyGallery({ toys, total, names, overLimit, onOpen, onAdd }: ToyGalleryProps) {
  if (total === 0) {
    return (
      <EmptyState
        icon={<InventoryIcon size={40} />}
        title="No toys yet"
        action={onAdd && <Button onClick={onAdd}>Add your first toy</Button>}
      >
        Take a photo of each toy to build your inventory.
      </EmptyState>
    );
  }
  if (toys.length === 0) return <p className="tr-none">No toys match your search and filters.</p>;
  return <CardGrid toys={toys} names={names} overLimit={overLimit} onOpen={onOpen} />;
}

/** The cards; with many toys only those near the screen are in the DOM (grid-window.ts). */
function CardGrid({ toys, names, overLimit, onOpen }: Omit<ToyGalleryProps, 'total' | 'onAdd'>) {
  const listRef = useRef<HTMLUListElement>(null);
  const { start, end, padTop, padBottom } = useGridWindow(toys.length, listRef);
  const windowed = end - start < toys.length;
  return (
    <ul
      ref={listRef}
      className="tr-gallery"
      aria-label="Toys"
      style={windowed ? { paddingTop: padTop, paddingBottom: padBottom } : undefined}
    >
      {toys.slice(start, end).map((toy, i) => (
        <ToyCard
          key={toy.id}
          toy={toy}
          category={names.get(toy.categoryId) ?? 'Uncategorized'}
          overLimit={overLimit?.has(toy.id) ?? false}
          onOpen={onOpen}
          position={windowed ? { index: start + i + 1, of: toys.length } : undefined}
        />
      ))}
    </ul>
  );
}

type ToyCardProps = {
  toy: ToyDoc;
  category: string;
  overLimit: boolean;
  onOpen: (id: string) => void;
  /** In a windowed list, where this card is among all of them (for screen readers). */
  position?: { index: number; of: number };
};

/** One card; re-renders only when its toy (a new object after a change), name or badge changes. */
const ToyCard = memo(function ToyCard({ toy, category, overLimit, onOpen, position }: ToyCardProps) {
  return (
    <li aria-posinset={position?.index} aria-setsize={position?.of}>
      <button type="button" className="tr-card" onClick={() => onOpen(toy.id)}>
        <ToyPhoto mediaId={toy.mediaId} alt="" className="tr-card__photo" />
        <span className="tr-card__title">{toy.title}</span>
        <span className="tr-card__meta">
          {category}
          {toy.favorite && (
            <span className="tr-badge tr-badge--kept">
              <StarIcon size={14} /> Kept
            </span>
          )}
          {toy.excluded && (
            <span className="tr-badge tr-badge--excluded">
              <BlockIcon size={14} /> Excluded
            </span>
          )}
          {toy.retired && <span className="tr-badge">Retired</span>}
          {overLimit && <span className="tr-badge tr-badge--over-limit">{OVER_LIMIT_BADGE}</span>}
        </span>
      </button>
    </li>
  );
}, sameCard);

function sameCard(a: ToyCardProps, b: ToyCardProps): boolean {
  return (
    a.toy === b.toy &&
    a.category === b.category &&
    a.overLimit === b.overLimit &&
    a.onOpen === b.onOpen &&
    a.position?.index === b.position?.index &&
    a.position?.of === b.position?.of
  );
}
