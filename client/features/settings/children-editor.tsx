import { useState, type FormEvent } from 'react';
import { CHILD_NAME_MAX } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { Select, TextField } from '../../components/fields.js';
import type { ToyDatabase } from '../../db/database.js';
import { OpError } from '../../db/ops/errors.js';
import { addChild, patchChild, removeChild } from '../../db/ops/settings.js';
import type { NamedChild } from '../../hooks/use-children.js';
import { useEditDraft } from '../../hooks/use-edit-draft.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { EMPTY_PROFILE, parseProfile, profileOf, profilePatch, type Profile } from './child-profile.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_OPTIONS = [{ value: '', label: 'Month' }, ...MONTHS.map((label, i) => ({ value: String(i + 1), label }))];

type ProfileFieldsProps = { profile: Profile; onField: <K extends keyof Profile>(key: K, value: Profile[K]) => void; nameRequired: boolean };

function ProfileFields({ profile, onField, nameRequired }: ProfileFieldsProps) {
  return (
    <div className="tr-child-fields">
      <TextField label="Name" name="childName" maxLength={CHILD_NAME_MAX} required={nameRequired} placeholder={nameRequired ? undefined : 'Your child'} value={profile.name} onChange={(e) => onField('name', e.target.value)} />
      <Select label="Birth month" name="birthMonth" value={profile.month} onChange={(e) => onField('month', e.target.value)} options={MONTH_OPTIONS} />
      <TextField label="Birth year" name="birthYear" type="number" inputMode="numeric" min={1990} max={new Date().getFullYear()} value={profile.year} onChange={(e) => onField('year', e.target.value)} />
    </div>
  );
}

type ChildRowProps = { db: ToyDatabase; child: NamedChild; onMessage: ShowMessage };

function ChildRow({ db, child, onMessage }: ChildRowProps) {
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
      onMessage('Saved', 'success');
    } catch (error) {
      onMessage(error instanceof OpError ? error.message : 'An error occurred', 'danger');
    }
  }

  async function remove() {
    try {
      await removeChild(db, child.id);
      onMessage(`${child.label} was removed.`, 'success');
    } catch (error) {
      onMessage(error instanceof OpError ? error.message : 'An error occurred', 'danger');
    }
  }

  return (
    <li>
      <form className="tr-child" aria-label={child.label} onSubmit={save}>
        <h3>{child.label}</h3>
        <ProfileFields profile={draft.values} onField={draft.set} nameRequired={!child.first} />
        <div className="row">
          <Button type="submit" size="small" disabled={Object.keys(changes).length === 0}>
            Save
          </Button>
          {!child.first && (
            <Button variant="ghost" size="small" onClick={() => void remove()}>
              Remove
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
  const [draft, setDraft] = useState<Profile>(EMPTY_PROFILE);

  async function add(event: FormEvent) {
    event.preventDefault();
    const input = parseProfile(draft);
    if (!input.name) return onMessage("The child's name is required", 'danger');
    try {
      await addChild(db, input);
      setDraft(EMPTY_PROFILE);
      onMessage(`${input.name} was added.`, 'success');
    } catch (error) {
      onMessage(error instanceof OpError ? error.message : 'An error occurred', 'danger');
    }
  }

  return (
    <>
      <p className="muted">Each child gets their own rotation. Toys are shared by all children unless you choose some in a toy&apos;s details.</p>
      <ul className="tr-children">
        {children.map((child) => (
          <ChildRow key={child.id} db={db} child={child} onMessage={onMessage} />
        ))}
      </ul>
      <form className="tr-child tr-child--new" aria-label="Add a child" onSubmit={add}>
        <h3>Add a child</h3>
        <ProfileFields profile={draft} onField={(key, value) => setDraft((current) => ({ ...current, [key]: value }))} nameRequired />
        <Button type="submit" size="small">
          Add child
        </Button>
      </form>
    </>
  );
}
