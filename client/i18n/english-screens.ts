// Every English message file, for the signed-in screens (inventory, rotation, settings...): a
// chunk of its own, loaded with the first such screen (i18n.ts, loadScreenMessages), so a first
// visit to a public page carries only the English it shows (decision 051). The public pages' and
// the app frame's files are in it too: adding them again changes nothing.
export default import.meta.glob<Record<string, unknown>>('./locales/en/*.json', { eager: true, import: 'default' });
