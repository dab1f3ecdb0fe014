import type { ToyDoc } from '../../../shared/schemas/docs.js';
import type { NamedChild } from '../../hooks/use-children.js';

type ToyChildrenProps = { toy: ToyDoc; children: NamedChild[]; onChange: (childIds: string[]) => void };

/** Which children a toy is for (shown with two or more children); none ticked = shared by all. */
export function ToyChildren({ toy, children, onChange }: ToyChildrenProps) {
  if (children.length < 2) return null;
  const existing = new Set(children.map((child) => child.id));
  const assigned = toy.childIds.filter((id) => existing.has(id));
  return (
    <fieldset className="tr-fieldset tr-toy-children">
      <legend>For</legend>
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
      <span className="field__hint">{assigned.length === 0 ? 'Shared by all children.' : 'Only for the children ticked.'}</span>
    </fieldset>
  );
}
