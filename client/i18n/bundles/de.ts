// Every German message in one chunk, loaded when someone picks German (then cached for offline use).
export default import.meta.glob<Record<string, unknown>>('../locales/de/*.json', { eager: true, import: 'default' });
