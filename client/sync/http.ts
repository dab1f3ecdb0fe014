// The sync engine's modules import their HTTP client and its errors from here; both are the
// app's one fetch core (client/lib/http.ts), so a screen and the sync status read one error family.
export { AuthError, HouseholdLeftError, OfflineError, ServerError, createHttpClient, type HttpClient } from '../lib/http.js';
