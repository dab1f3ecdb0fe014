import type { ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { EmptyState } from '../../components/empty-state.js';
import { BlockIcon, InventoryIcon, StarIcon } from '../../components/icons.js';
import { ToyPhoto } from '../../components/toy-photo.js';

type ToyGalleryProps = {
  toys: ToyDoc[];
  total: number;
  names: Map<string, string>;
  onOpen: (id: string) => void;
  onAdd?: () => void;
};

export function ToyGallery({ toys, total, names, onOpen, onAdd }: ToyGalleryProps) {
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
  return (
    <ul className="tr-gallery" aria-label="Toys">
      {toys.map((toy) => (
        <li key={toy.id}>
          <button type="button" className="tr-card" onClick={() => onOpen(toy.id)}>
            <ToyPhoto mediaId={toy.mediaId} alt="" className="tr-card__photo" />
            <span className="tr-card__title">{toy.title}</span>
            <span className="tr-card__meta">
              {names.get(toy.categoryId) ?? 'Uncategorized'}
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
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
