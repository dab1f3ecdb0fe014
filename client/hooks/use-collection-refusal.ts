import { useTranslation } from 'react-i18next';
import { COLLECTION_NOT_FOUND, EMPTY_COLLECTION_MESSAGE } from '../../shared/domain/rotation-source.js';

/**
 * The refusals of a collection rotation (worded in English by the shared rule, for the REST
 * answers too), in the language shown; null for any other message. Used by Rotation and
 * Collections.
 */
export function useCollectionRefusal(): (message: string) => string | null {
  const { t } = useTranslation('collectionRotation');
  return (message) => {
    if (message === EMPTY_COLLECTION_MESSAGE) return t('emptyCollection');
    if (message === COLLECTION_NOT_FOUND) return t('collectionGone');
    return null;
  };
}
