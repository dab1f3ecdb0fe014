// Every French message in one chunk, loaded when someone picks French (then cached for offline use).
export default import.meta.glob<Record<string, unknown>>('../locales/fr/*.json', { eager: true, import: 'default' });
