import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATION_MAX, TITLE_MAX, type ListDoc } from '../../../shared/schemas/docs.js';
import { TextField } from '../../components/fields.js';
import { IconButton } from '../../components/icon-button.js';
import { TrashIcon } from '../../components/icons.js';
import { Spinner } from '../../components/spinner.js';
import type { ToyDatabase } from '../../db/database.js';
import type { BatchRow } from './batch-rows.js';
import { CategoryPicker } from './category-picker.js';

type BatchRowViewProps = {
  db: ToyDatabase;
  row: BatchRow;
  number: number;
  total: number;
  categories: ListDoc[];
  placesId: string;
  /** Past the plan's room: shown, kept, not saved. */
  fits: boolean;
  onChange: (patch: Partial<BatchRow>) => void;
  onCategoryCreated: (made: ListDoc) => void;
  onRemove: () => void;
};

/** The title field of a row, for moving focus to the first one missing. */
export function batchTitleId(key: string): string {
  return `batch-title-${key}`;
}

/** One photo of the review list: its thumbnail, and the title, category and storage place of its toy. */
export function BatchRowView({ db, row, number, total, categories, placesId, fits, onChange, onCategoryCreated, onRemove }: BatchRowViewProps) {
  const { t } = useTranslation(['batch', 'inventory']);
  const thumbnail = useMemo(() => (row.photo ? URL.createObjectURL(row.photo) : null), [row.photo]);
  useEffect(() => () => (thumbnail ? URL.revokeObjectURL(thumbnail) : undefined), [thumbnail]);

  return (
    <li className="tr-batch__row" data-fits={fits || undefined} aria-label={t('row.group', { number, total })}>
      <div className="tr-batch__thumb">
        {thumbnail ? (
          <img className="tr-photo" src={thumbnail} alt={t('row.photo', { number, name: row.fileName })} />
        ) : (
          <span className="tr-photo tr-photo--empty">
            {row.state === 'reading' ? <Spinner label={t('row.reading')} /> : null}
          </span>
        )}
        {!fits && row.state === 'ready' && <span className="tr-badge tr-badge--over-limit tr-batch__over">{t('row.doesNotFit')}</span>}
      </div>
      <div className="tr-batch__fields">
        {row.state === 'unreadable' && (
          <p className="field__error tr-batch__unreadable" role="alert">
            {t('row.unreadable')}
          </p>
        )}
        <TextField
          id={batchTitleId(row.key)}
          label={t('row.title')}
          maxLength={TITLE_MAX}
          value={row.title}
          error={row.titleMissing ? t('inventory:titleRequired') : undefined}
          onChange={(event) => onChange({ title: event.target.value, titleMissing: false })}
        />
        <CategoryPicker
          db={db}
          label={t('row.category')}
          categories={categories}
          value={row.categoryId}
          onChange={(categoryId) => onChange({ categoryId })}
          onCreated={onCategoryCreated}
        />
        <TextField
          label={t('row.storagePlace')}
          maxLength={LOCATION_MAX}
          list={placesId}
          autoComplete="off"
          placeholder={t('inventory:form.storagePlaceExample')}
          value={row.location}
          onChange={(event) => onChange({ location: event.target.value })}
        />
      </div>
      <IconButton className="tr-batch__remove" label={t('row.remove', { number })} onClick={onRemove}>
        <TrashIcon size={20} />
      </IconButton>
    </li>
  );
}
