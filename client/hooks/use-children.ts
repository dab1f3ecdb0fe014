import { useCallback, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { listChildren, type ChildView } from '../../shared/domain/children.js';
import { i18n } from '../i18n/i18n.js';
import { FIRST_CHILD_ID, type SettingsDoc } from '../../shared/schemas/docs.js';

// The household's children and the one a screen is showing. The choice is remembered on this
// device (a parent rotating for one child usually comes back to the same child).

const CHOICE_KEY = 'selectedChild';

export type NamedChild = ChildView & { label: string };

type Words = TFunction<'children'>;

/** A child as screens name it: its name, else (as shared childLabel) "Your child" or "Child 2", in the language shown. */
function label(t: Words, child: ChildView, index: number): string {
  if (child.name.trim() !== '') return child.name;
  return child.first ? t('yourChild') : t('numbered', { number: index + 1 });
}

export function namedChildren(settings: SettingsDoc | null | undefined, t: Words = i18n.getFixedT(null, 'children')): NamedChild[] {
  if (!settings) return [];
  return listChildren(settings).map((child, index) => ({ ...child, label: label(t, child, index) }));
}

/** A link may name the child (a reminder notification opens /rotation?child=ID): it becomes the remembered choice. */
function storedChoice(): string {
  try {
    const linked = new URLSearchParams(window.location.search).get('child');
    if (linked) localStorage.setItem(CHOICE_KEY, linked);
    return linked || (localStorage.getItem(CHOICE_KEY) ?? FIRST_CHILD_ID);
  } catch {
    return FIRST_CHILD_ID;
  }
}

export function useChildChoice(settings: SettingsDoc | null | undefined) {
  // Named anew when the language changes ("Your child" / "Dein Kind"): `t` changes with it.
  const { t } = useTranslation('children');
  const children = useMemo(() => namedChildren(settings, t), [settings, t]);
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
