import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { EmptyState } from '../../components/empty-state.js';
import { BlockIcon, InventoryIcon, StarIcon } from '../../components/icons.js';
import { ToyPhoto } from '../../components/toy-photo.js';
import { useGridWindow } from './grid-window.js';

/** The shown toys, in order; read during render (they change in place, see `version`). */
type ShownToys = { readonly count: number; slice(start: number, end: number): ToyDoc[] };

type ToyGalleryProps = {
  toys: ShownToys | null;
  /** Changes whenever the toys changed (the list is updated in place). */
  version: number;
  total: number;
  names: Map<string, string>;
  /** Toys beyond the plan's limit (kept, marked; see shared/domain/over-limit.ts). */
  overLimit?: ReadonlySet<string>;
  onOpen: (id: string) => void;
  onAdd?: () => void;
};

export function ToyGallery({ toys, version, total, names, overLimit, onOpen, onAdd }: ToyGalleryProps) {
  const { t } = useTranslation('inventory');
  if (total === 0) {
    return (
      <EmptyState
        icon={<InventoryIcon size={40} />}
        title={t('gallery.emptyTitle')}
        action={onAdd && <Button onClick={onAdd}>{t('gallery.addFirst')}</Button>}
      >
        {t('gallery.emptyText')}
      </EmptyState>
    );
  }
  if (!toys || toys.count === 0) return <p className="tr-none">{t('gallery.noMatch')}</p>;
  return <CardGrid toys={toys} version={version} names={names} overLimit={overLimit} onOpen={onOpen} />;
}

/**
 * The cards; with many toys only those near the screen are in the DOM (grid-window.ts), and only
 * those are read from the list: a render costs the cards on screen, not the inventory.
 */
function CardGrid({ toys, names, overLimit, onOpen }: Omit<ToyGalleryProps, 'total' | 'onAdd' | 'toys'> & { toys: ShownToys }) {
  const { t } = useTranslation('inventory');
  const listRef = useRef<HTMLUListElement>(null);
  const count = toys.count;
  const { start, end, padTop, padBottom } = useGridWindow(count, listRef);
  const windowed = end - start < count;
  return (
    <ul
      ref={listRef}
      className="tr-gallery"
      aria-label={t('gallery.label')}
      style={windowed ? { paddingTop: padTop, paddingBottom: padBottom } : undefined}
    >
      {toys.slice(start, end).map((toy, i) => (
        <ToyCard
          key={toy.id}
          toy={toy}
          category={names.get(toy.categoryId) ?? t('uncategorized')}
          overLimit={overLimit?.has(toy.id) ?? false}
          onOpen={onOpen}
          position={windowed ? { index: start + i + 1, of: count } : undefined}
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
  const { t } = useTranslation('inventory');
  return (
    <li aria-posinset={position?.index} aria-setsize={position?.of}>
      <button type="button" className="tr-card" onClick={() => onOpen(toy.id)}>
        <ToyPhoto mediaId={toy.mediaId} alt="" className="tr-card__photo" />
        <span className="tr-card__title">{toy.title}</span>
        <span className="tr-card__meta">
          {category}
          {toy.favorite && (
            <span className="tr-badge tr-badge--kept">
              <StarIcon size={14} /> {t('gallery.kept')}
            </span>
          )}
          {toy.excluded && (
            <span className="tr-badge tr-badge--excluded">
              <BlockIcon size={14} /> {t('gallery.excluded')}
            </span>
          )}
          {toy.retired && <span className="tr-badge">{t('gallery.retired')}</span>}
          {overLimit && <span className="tr-badge tr-badge--over-limit">{t('overLimit.badge')}</span>}
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
