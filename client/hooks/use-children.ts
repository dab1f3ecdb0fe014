import { useCallback, useMemo, useState } from 'react';
import { childLabel, listChildren, type ChildView } from '../../shared/domain/children.js';
import { FIRST_CHILD_ID, type SettingsDoc } from '../../shared/schemas/docs.js';

// The household's children and the one a screen is showing. The choice is remembered on this
// device (a parent rotating for one child usually comes back to the same child).

const CHOICE_KEY = 'selectedChild';

export type NamedChild = ChildView & { label: string };

export function namedChildren(settings: SettingsDoc | null | undefined): NamedChild[] {
  if (!settings) return [];
  return listChildren(settings).map((child, index) => ({ ...child, label: childLabel(child, index) }));
}

function storedChoice(): string {
  try {
    return localStorage.getItem(CHOICE_KEY) ?? FIRST_CHILD_ID;
  } catch {
    return FIRST_CHILD_ID;
  }
}

export function useChildChoice(settings: SettingsDoc | null | undefined) {
  const children = useMemo(() => namedChildren(settings), [settings]);
  const [chosen, setChosen] = useState(storedChoice);
  // A child removed elsewhere: back to the first.
  const child = children.find((c) => c.id === chosen) ?? children[0] ?? null;
  const choose = useCallback((childId: string) => {
    setChosen(childId);
    try {
      localStorage.setItem(CHOICE_KEY, childId);
    } catch {
      // Private mode: the choice lasts until the page closes.
    }
  }, []);
  return { children, child, choose };
}
