import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHILD_NAME_MAX } from '../../../shared/schemas/docs.js';
import type { TFunction } from 'i18next';
import { Button } from '../../components/button.js';
import { Select, TextField } from '../../components/fields.js';
import type { ToyDatabase } from '../../db/database.js';
import { OpError } from '../../db/ops/errors.js';
import { opErrorText } from '../../i18n/op-error-text.js';
import { addChild, patchChild, removeChild } from '../../db/ops/settings.js';
import type { NamedChild } from '../../hooks/use-children.js';
import { useEditDraft } from '../../hooks/use-edit-draft.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { formatDate } from '../../i18n/format.js';
import { EMPTY_PROFILE, parseProfile, profileOf, profilePatch, type Profile } from './child-profile.js';

// The month alone, from a UTC date: the same month in every time zone.
const MONTH = { month: 'long', timeZone: 'UTC' } as const satisfies Intl.DateTimeFormatOptions;

/** The twelve months in the language shown ("January", "Enero"...): a list item starts with a capital. */
function monthOptions(placeholder: string) {
  const months = Array.from({ length: 12 }, (_, i) => {
    const name = formatDate(Date.UTC(2000, i, 15, 12), MONTH);
    return { value: String(i + 1), label: name.charAt(0).toLocaleUpperCase() + name.slice(1) };
  });
  return [{ value: '', label: placeholder }, ...months];
}

/** The refusals a parent meets here (a future birth year, too many children...), in the language shown. */
function refusal(t: TFunction<'settings'>, error: unknown): string {
  return error instanceof OpError ? opErrorText(error) : t('actions.failed');
}

type ProfileFieldsProps = { profile: Profile; onField: <K extends keyof Profile>(key: K, value: Profile[K]) => void; nameRequired: boolean };

function ProfileFields({ profile, onField, nameRequired }: ProfileFieldsProps) {
  const { t } = useTranslation('settings');
  return (
    <div className="tr-child-fields">
      <TextField label={t('children.name')} name="childName" maxLength={CHILD_NAME_MAX} required={nameRequired} placeholder={nameRequired ? undefined : t('children.namePlaceholder')} value={profile.name} onChange={(e) => onField('name', e.target.value)} />
      <Select label={t('children.birthMonth')} name="birthMonth" value={profile.month} onChange={(e) => onField('month', e.target.value)} options={monthOptions(t('children.month'))} />
      <TextField label={t('children.birthYear')} name="birthYear" type="number" inputMode="numeric" min={1990} max={new Date().getFullYear()} value={profile.year} onChange={(e) => onField('year', e.target.value)} />
    </div>
  );
}

type ChildRowProps = { db: ToyDatabase; child: NamedChild; onMessage: ShowMessage };

function ChildRow({ db, child, onMessage }: ChildRowProps) {
  const { t } = useTranslation('settings');
  // Fields the parent typed into over the live profile: the others follow other devices, and a
  // save writes only the changed ones (issue 9, fault 1), so a rename made elsewhere while this
  // row had the birth year open is not written back.
  const draft = useEditDraft<Profile>(profileOf(child));
  const changes = draft.changes();

  async function save(event: FormEvent) {
    event.preventDefault();
    const patch = profilePatch(changes);
    try {
      if (Object.keys(patch).length > 0) await patchChild(db, child.id, patch);
      draft.reset();
      onMessage(t('children.saved'), 'success');
    } catch (error) {
      onMessage(refusal(t, error), 'danger');
    }
  }

  async function remove() {
    try {
      await removeChild(db, child.id);
      onMessage(t('children.removed', { name: child.label }), 'success');
    } catch (error) {
      onMessage(refusal(t, error), 'danger');
    }
  }

  return (
    <li>
      <form className="tr-child" aria-label={child.label} onSubmit={save}>
        <h3>{child.label}</h3>
        <ProfileFields profile={draft.values} onField={draft.set} nameRequired={!child.first} />
        <div className="row">
          <Button type="submit" size="small" disabled={Object.keys(changes).length === 0}>
            {t('actions.save')}
          </Button>
          {!child.first && (
            <Button variant="ghost" size="small" onClick={() => void remove()}>
              {t('actions.remove')}
            </Button>
          )}
        </div>
      </form>
    </li>
  );
}

type ChildrenEditorProps = { db: ToyDatabase; children: NamedChild[]; onMessage: ShowMessage };

/** The household's children: the first always there (it is the account's own rotation), more can be added. */
export function ChildrenEditor({ db, children, onMessage }: ChildrenEditorProps) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState<Profile>(EMPTY_PROFILE);

  async function add(event: FormEvent) {
    event.preventDefault();
    const input = parseProfile(draft);
    if (!input.name) return onMessage(t('children.nameRequired'), 'danger');
    try {
      await addChild(db, input);
      setDraft(EMPTY_PROFILE);
      onMessage(t('children.added', { name: input.name }), 'success');
    } catch (error) {
      onMessage(refusal(t, error), 'danger');
    }
  }

  return (
    <>
      <p className="muted">{t('children.intro')}</p>
      <ul className="tr-children">
        {children.map((child) => (
          <ChildRow key={child.id} db={db} child={child} onMessage={onMessage} />
        ))}
      </ul>
      <form className="tr-child tr-child--new" aria-label={t('children.addTitle')} onSubmit={add}>
        <h3>{t('children.addTitle')}</h3>
        <ProfileFields profile={draft} onField={(key, value) => setDraft((current) => ({ ...current, [key]: value }))} nameRequired />
        <Button type="submit" size="small">
          {t('children.add')}
        </Button>
      </form>
    </>
  );
}
