import type { Observation } from '../schemas/docs.js';

// The swap list and a toy's story (issue 14, decision 018). Rotations are given newest first
// in the server's order (children.ts childRotations).

type StoryRotation = { id: string; createdAt: number; toyIds: readonly string[]; observations: Readonly<Record<string, Observation>> };

/** After a rotation: what to put away (out before, not now) and what to bring out (out now, not before), in list order. */
export function swapList(previous: readonly string[], current: readonly string[]): { putAway: string[]; bringOut: string[] } {
  return {
    putAway: previous.filter((id) => !current.includes(id)),
    bringOut: current.filter((id) => !previous.includes(id)),
  };
}

export type ToyStory = {
  timesOut: number;
  /** When the toy last came out (the rotation's createdAt), or null. */
  lastOut: number | null;
  /** Each time out, newest first, with how it went (null when not noted). */
  times: { rotationId: string; at: number; observation: Observation | null }[];
};

export function toyStory(toyId: string, rotationsNewestFirst: readonly StoryRotation[]): ToyStory {
  const times = rotationsNewestFirst
    .filter((rotation) => rotation.toyIds.includes(toyId))
    .map((rotation) => ({ rotationId: rotation.id, at: rotation.createdAt, observation: rotation.observations[toyId] ?? null }));
  return { timesOut: times.length, lastOut: times[0]?.at ?? null, times };
}

/**
 * "One tap per toy out now, until the next rotation" (issue 14): only a child's latest rotation
 * takes notes, on the device and over REST alike (decision 018).
 */
export const OBSERVE_LATEST_ONLY = 'Only the latest rotation can be noted: a newer rotation was made since.';

export const REST_SUGGESTION = 'Not touched in its last two rotations: maybe give it a rest, or retire it.';

/** A toy not touched in each of its last two rotations gets a gentle suggestion to rest or retire it. */
export function suggestsRest(story: ToyStory): boolean {
  const [last, before] = story.times;
  return last?.observation === 'none' && before?.observation === 'none';
}
