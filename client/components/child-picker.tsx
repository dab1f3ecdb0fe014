import { useTranslation } from 'react-i18next';

type ChildPickerProps = {
  options: readonly { id: string; label: string }[];
  value: string | undefined;
  onChange: (childId: string) => void;
};

/** Which child a screen is for; shown only with two or more children. */
export function ChildPicker({ options, value, onChange }: ChildPickerProps) {
  const { t } = useTranslation('app');
  if (options.length < 2) return null;
  return (
    <fieldset className="child-picker">
      <legend className="visually-hidden">{t('childPicker')}</legend>
      {options.map((child) => (
        <label key={child.id} className="child-picker__option">
          <input type="radio" name="child" value={child.id} checked={child.id === value} onChange={() => onChange(child.id)} />
          <span>{child.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
