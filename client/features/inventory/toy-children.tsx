import { useTranslation } from 'react-i18next';
import type { ToyDoc } from '../../../shared/schemas/docs.js';
import type { NamedChild } from '../../hooks/use-children.js';

type ToyChildrenProps = { toy: ToyDoc; children: NamedChild[]; onChange: (childIds: string[]) => void };

/** Which children a toy is for (shown with two or more children); none ticked = shared by all. */
export function ToyChildren({ toy, children, onChange }: ToyChildrenProps) {
  const { t } = useTranslation('inventory');
  if (children.length < 2) return null;
  const existing = new Set(children.map((child) => child.id));
  const assigned = toy.childIds.filter((id) => existing.has(id));
  return (
    <fieldset className="tr-fieldset tr-toy-children">
      <legend>{t('children.for')}</legend>
      {children.map((child) => (
        <label key={child.id} className="checkbox tr-choice">
          <input
            type="checkbox"
            checked={assigned.includes(child.id)}
            onChange={(event) => onChange(event.target.checked ? [...assigned, child.id] : assigned.filter((id) => id !== child.id))}
          />
          <span>{child.label}</span>
        </label>
      ))}
      <span className="field__hint">{assigned.length === 0 ? t('children.sharedByAll') : t('children.onlyTicked')}</span>
    </fieldset>
  );
}
