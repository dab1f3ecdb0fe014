// The named states of a device's session (decision 034) and the moves between them. The
// controller (device-session.ts) may only move along this table; a test walks every path.
//
//   signed-out ──household known──▶ opening ──database open──▶ syncing
//   syncing ──the server says "no longer a member"──▶ handing-in ──▶ leaving
//   syncing ──join / leave / delete accepted──▶ leaving ──▶ opening (the next household)
//   leaving ──no next household known (offline, refused)──▶ removed ──sign-in──▶ opening
//   any ──Log Out──▶ logging-out ──data removed──▶ signed-out
//
// Online and offline are not states of their own: each state carries on when the network comes
// back (a database or sync engine that could not load offline loads then; sync reconnects).

export type DevicePhase =
  /** No one's data is on screen: nobody signed in on this device (or they logged out). */
  | 'signed-out'
  /** The household's local database (and the code behind it) is loading. */
  | 'opening'
  /** The database is open and sync runs for it (paused while the session waits for a new sign-in). */
  | 'syncing'
  /** The server said this account is no longer a member: sync hands in what waits, then stops. */
  | 'handing-in'
  /** The device moves away from a household's data: closes it, then removes it or keeps it. */
  | 'leaving'
  /** Left a household with no other one known yet: the person signs in again to learn it. */
  | 'removed'
  /** Log Out: the database closes and is removed. */
  | 'logging-out';

const MOVES: Record<DevicePhase, readonly DevicePhase[]> = {
  'signed-out': ['opening', 'logging-out'],
  opening: ['syncing', 'opening', 'leaving', 'logging-out', 'signed-out'],
  syncing: ['opening', 'handing-in', 'leaving', 'logging-out', 'signed-out'],
  'handing-in': ['leaving', 'logging-out'],
  leaving: ['opening', 'removed', 'logging-out', 'signed-out'],
  removed: ['opening', 'logging-out', 'signed-out'],
  'logging-out': ['signed-out', 'opening'],
};

export function canMove(from: DevicePhase, to: DevicePhase): boolean {
  return MOVES[from].includes(to);
}

export const DEVICE_PHASES = Object.keys(MOVES) as DevicePhase[];
