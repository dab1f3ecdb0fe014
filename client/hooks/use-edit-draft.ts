import { useCallback, useEffect, useRef, useState } from 'react';
import { changedFields, shownValues, type Draft } from '../lib/edit-draft.js';

export type EditDraft<T extends object> = {
  /** What the form shows: typed values for touched fields, live values for the rest. */
  values: T;
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  /** The fields to save: changed from the value each had when the person started editing it. */
  changes: () => Partial<T>;
  /** Forget what was typed (after a save or a cancel): every field follows the live value again. */
  reset: () => void;
};

/**
 * An edit form's state over a live document (see lib/edit-draft.ts). `live` is read on every
 * render, so a field the person has not touched follows edits arriving from other devices;
 * a field's "opened" value is its live value when the person first typed into it.
 */
export function useEditDraft<T extends object>(live: T): EditDraft<T> {
  const [draft, setDraft] = useState<Draft<T>>(() => ({ opened: live, touched: {} }));
  const latest = useRef(live);
  useEffect(() => {
    latest.current = live;
  });
  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setDraft((current) => {
      const opened = key in current.touched ? current.opened : { ...current.opened, [key]: latest.current[key] };
      return { opened, touched: { ...current.touched, [key]: value } };
    });
  }, []);
  const reset = useCallback(() => setDraft({ opened: latest.current, touched: {} }), []);
  return { values: shownValues(draft, live), set, changes: () => changedFields(draft), reset };
}
