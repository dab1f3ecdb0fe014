// Every Spanish message in one chunk, loaded when someone picks Spanish (then cached for offline use).
export default import.meta.glob<Record<string, unknown>>('../locales/es/*.json', { eager: true, import: 'default' });
