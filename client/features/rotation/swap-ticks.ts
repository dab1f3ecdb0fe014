import { useCallback, useState } from 'react';
import { readTicks, writeTicks } from './swap-ticks-store.js';

// Ticks of the swap checklist live on the device that is tidying (local storage), per child and
// rotation, so they survive a reload and a new rotation starts with a clean list. They are not
// synced: a tick is a note to oneself while carrying toys (decision 019).

function read(childId: string, rotationId: string): Set<string> {
  try {
    return readTicks(localStorage, childId, rotationId);
  } catch {
    return new Set();
  }
}

function write(childId: string, rotationId: string, ticks: Set<string>): void {
  try {
    writeTicks(localStorage, childId, rotationId, ticks);
  } catch {
    // Private mode without storage: the ticks last until the page closes.
  }
}

export function useSwapTicks(childId: string, rotationId: string) {
  const list = `${childId}/${rotationId}`;
  const [state, setState] = useState(() => ({ list, ticks: read(childId, rotationId) }));
  // Another child or a new rotation: its own ticks (adjusted while rendering, not in an effect).
  const current = state.list === list ? state : { list, ticks: read(childId, rotationId) };
  if (current !== state) setState(current);

  const toggle = useCallback(
    (key: string, on: boolean) => {
      setState((previous) => {
        const base = previous.list === list ? previous.ticks : read(childId, rotationId);
        const ticks = new Set(base);
        if (on) ticks.add(key);
        else ticks.delete(key);
        write(childId, rotationId, ticks);
        return { list, ticks };
      });
    },
    [list, childId, rotationId],
  );
  return { ticks: current.ticks, toggle };
}
