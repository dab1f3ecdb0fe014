// What this device wants for rotation reminders, kept in local storage so that a wish made
// offline (on, or off) survives a reload and is carried out once the network is back: the
// subscription still to send to the server, and the endpoints still to remove there.

export const PUSH_STATE_KEY = 'pushReminders';

export type SubscriptionJson = { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };

export type PushState = {
  /** The person turned notifications on for this device. */
  wanted: boolean;
  /** The browser's subscription, once made. */
  subscription: SubscriptionJson | null;
  /** The server has `subscription`. */
  sent: boolean;
  /** Endpoints to remove on the server (turned off, or signed out, maybe offline). */
  removals: string[];
};

const OFF: PushState = { wanted: false, subscription: null, sent: false, removals: [] };

export function readPushState(storage: Storage): PushState {
  try {
    const value = JSON.parse(storage.getItem(PUSH_STATE_KEY) ?? 'null') as Partial<PushState> | null;
    if (!value || typeof value !== 'object') return OFF;
    return {
      wanted: value.wanted === true,
      subscription: value.subscription && typeof value.subscription.endpoint === 'string' ? value.subscription : null,
      sent: value.sent === true,
      removals: Array.isArray(value.removals) ? value.removals.filter((e): e is string => typeof e === 'string') : [],
    };
  } catch {
    return OFF;
  }
}

export function writePushState(storage: Storage, state: PushState): void {
  if (!state.wanted && state.removals.length === 0) storage.removeItem(PUSH_STATE_KEY);
  else storage.setItem(PUSH_STATE_KEY, JSON.stringify(state));
}

/** Turned on: the subscription is to be sent. */
export function wantOn(state: PushState, subscription: SubscriptionJson | null): PushState {
  const changed = subscription !== null && subscription.endpoint !== state.subscription?.endpoint;
  return { ...state, wanted: true, subscription: subscription ?? state.subscription, sent: changed ? false : state.sent, removals: state.removals.filter((e) => e !== subscription?.endpoint) };
}

/** Turned off (or signed out): the endpoints this device had are to be removed on the server. */
export function wantOff(state: PushState, endpoints: string[]): PushState {
  const all = [...state.removals, ...endpoints, ...(state.subscription ? [state.subscription.endpoint] : [])];
  return { wanted: false, subscription: null, sent: false, removals: [...new Set(all)] };
}

export const markSent = (state: PushState, endpoint: string): PushState =>
  state.subscription?.endpoint === endpoint ? { ...state, sent: true } : state;

export const markRemoved = (state: PushState, endpoint: string): PushState => ({ ...state, removals: state.removals.filter((e) => e !== endpoint) });
