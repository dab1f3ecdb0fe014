import { CHILDREN_MAX, FIRST_CHILD_ID, type Child, type RotationMode, type SettingsDoc } from '../schemas/docs.js';
import { importProblem, words, type ImportProblem, type ImportValue, type ImportWords } from './import-words.js';

// The settings part of an import (decision 020): the household's rotation options, the first
// child's profile and schedule, and the other children. Plan and limits are never imported
// (the server owns them). The file's values win, like a toy's fields on an update, except
// where the file has nothing (no name, no birth date, no time zone) and what only grows (the
// last rotation date, dismissed tips).

/** The settings fields an import writes. */
export type ImportedSettings = Pick<
  SettingsDoc,
  | 'rotationToysNumber'
  | 'lastRotationDate'
  | 'tipsDismissed'
  | 'rotationMode'
  | 'rotationIntervalDays'
  | 'firstChildName'
  | 'firstChildBirthMonth'
  | 'firstChildBirthYear'
  | 'children'
  | 'reminderEmail'
  | 'timeZone'
>;

export type SettingsPlan = {
  /** The fields to write, or null when the import changes none of them. */
  patch: ImportedSettings | null;
  /** Each exported child's id -> its id here (FIRST_CHILD_ID maps to itself). */
  childIds: Map<string, string>;
  childrenAdded: number;
  childrenMerged: number;
  /** What changes, one line each, for the preview. */
  changes: ImportWords[];
  problems: ImportProblem[];
};

const VALID_ID = /^[A-Za-z0-9_-]{1,64}$/;
const nameKey = (name: string) => name.trim().normalize('NFC').toLowerCase();
const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * Plans the settings of an import. Children merge by id, else by name (another child with the
 * same name is the same child); a new child keeps its id unless this household used it (a
 * current child, or one its rotation history names). More than CHILDREN_MAX children in all
 * is a problem, like a plan limit.
 */
export function planSettings(source: SettingsDoc | null, target: SettingsDoc, historyChildIds: ReadonlySet<string>, newId: () => string): SettingsPlan {
  const childIds = new Map([[FIRST_CHILD_ID, FIRST_CHILD_ID]]);
  const result: SettingsPlan = { patch: null, childIds, childrenAdded: 0, childrenMerged: 0, changes: [], problems: [] };
  if (!source) return result;

  const sourceHasBirth = source.firstChildBirthYear !== null;
  const next: ImportedSettings = {
    rotationToysNumber: source.rotationToysNumber,
    lastRotationDate: later(source.lastRotationDate, target.lastRotationDate),
    tipsDismissed: source.tipsDismissed || target.tipsDismissed,
    rotationMode: source.rotationMode,
    rotationIntervalDays: source.rotationIntervalDays,
    firstChildName: source.firstChildName.trim() || target.firstChildName,
    firstChildBirthMonth: sourceHasBirth ? source.firstChildBirthMonth : target.firstChildBirthMonth,
    firstChildBirthYear: sourceHasBirth ? source.firstChildBirthYear : target.firstChildBirthYear,
    children: { ...target.children },
    reminderEmail: source.reminderEmail,
    timeZone: source.timeZone ?? target.timeZone,
  };

  const byName = new Map(Object.entries(target.children).map(([id, child]) => [nameKey(child.name), id]));
  const used = new Set([FIRST_CHILD_ID, ...Object.keys(target.children), ...historyChildIds]);
  const incoming = Object.entries(source.children).sort(([a, x], [b, y]) => x.createdAt - y.createdAt || a.localeCompare(b));
  for (const [id, child] of incoming) {
    const here = id in target.children ? id : byName.get(nameKey(child.name));
    if (here) {
      const current = next.children[here] as Child;
      next.children[here] = { ...child, createdAt: current.createdAt, lastRotationDate: later(child.lastRotationDate, current.lastRotationDate) };
      childIds.set(id, here);
      result.childrenMerged++;
      result.changes.push(words('childUpdated', { name: child.name }));
      continue;
    }
    const newChildId = VALID_ID.test(id) && !used.has(id) ? id : newId();
    used.add(newChildId);
    next.children[newChildId] = child;
    childIds.set(id, newChildId);
    byName.set(nameKey(child.name), newChildId);
    result.childrenAdded++;
    result.changes.push(words('childAdded', { name: child.name }));
  }
  const total = 1 + Object.keys(next.children).length;
  if (total > CHILDREN_MAX) {
    const values = { total, max: CHILDREN_MAX, have: 1 + Object.keys(target.children).length };
    result.problems.push(importProblem(null, words('placeChildren'), words('childrenOverMax', values)));
  }

  result.changes.unshift(...settingsChanges(target, next));
  const changed = (Object.keys(next) as (keyof ImportedSettings)[]).some((key) => JSON.stringify(next[key]) !== JSON.stringify(target[key]));
  result.patch = changed ? next : null;
  return result;
}

const days = (n: number | null) => (n === null ? words('noSchedule') : n === 1 ? words('everyDay') : words('everyNDays', { days: n }));
// Years are written as they are ("2024", never "2,024").
const birth = (month: number | null, year: number | null) =>
  year === null ? words('notSet') : month === null ? String(year) : words('monthYear', { month: String(month), year: String(year) });
const onOff = (on: boolean) => words(on ? 'on' : 'off');
const orNotSet = (text: string | null) => text || words('notSet');
const MODE_WORDS = { random: 'modeRandom', balanced: 'modeBalanced' } as const satisfies Record<RotationMode, string>;
const mode = (value: RotationMode) => words(MODE_WORDS[value]);

/** The preview's lines for the household's settings and the first child ("was → will be"). */
function settingsChanges(before: SettingsDoc, after: ImportedSettings): ImportWords[] {
  // The first child as the app names it (shared/domain/children.ts childLabel), in words.
  const child: ImportValue = after.firstChildName.trim() !== '' ? after.firstChildName : words('yourChild');
  const lines: ImportWords[] = [];
  const line = (changed: boolean, text: ImportWords) => changed && lines.push(text);
  line(before.firstChildName !== after.firstChildName, words('firstChildName', { before: orNotSet(before.firstChildName), after: after.firstChildName }));
  line(
    before.firstChildBirthYear !== after.firstChildBirthYear || before.firstChildBirthMonth !== after.firstChildBirthMonth,
    words('birthMonth', { child, before: birth(before.firstChildBirthMonth, before.firstChildBirthYear), after: birth(after.firstChildBirthMonth, after.firstChildBirthYear) }),
  );
  line(before.rotationToysNumber !== after.rotationToysNumber, words('toysOut', { child, before: before.rotationToysNumber, after: after.rotationToysNumber }));
  line(before.rotationIntervalDays !== after.rotationIntervalDays, words('schedule', { child, before: days(before.rotationIntervalDays), after: days(after.rotationIntervalDays) }));
  line(before.rotationMode !== after.rotationMode, words('picking', { before: mode(before.rotationMode), after: mode(after.rotationMode) }));
  line(before.reminderEmail !== after.reminderEmail, words('reminderEmail', { before: onOff(before.reminderEmail), after: onOff(after.reminderEmail) }));
  line(before.timeZone !== after.timeZone, words('timeZone', { before: orNotSet(before.timeZone), after: orNotSet(after.timeZone) }));
  return lines;
}
