import { useLayoutEffect, useState, type RefObject } from 'react';

// A hand-made window over a CSS grid of cards (issue 16): with thousands of toys only the rows
// near the screen are in the DOM; the rows above and below are the list's padding, so the page
// scrolls and the scroll bar sizes as with every card there. The grid keeps its own columns
// (read from its computed style), so the layout is the stylesheet's at every width.

/** Below this many cards every card is rendered (find in page, print, no estimate at all). */
const WINDOW_FROM = 60;
/** Rows kept above and below the screen, so a fast scroll or Tab meets cards already there. */
const OVERSCAN_ROWS = 4;
/** A card row's height until the first rendered row is measured. */
const ESTIMATED_ROW_PX = 260;

export type GridWindow = { start: number; end: number; padTop: number; padBottom: number };

const ALL = (count: number): GridWindow => ({ start: 0, end: count, padTop: 0, padBottom: 0 });

function sameWindow(a: GridWindow, b: GridWindow) {
  return a.start === b.start && a.end === b.end && a.padTop === b.padTop && a.padBottom === b.padBottom;
}

/** Computes which of `count` cards to render in the grid `listRef`, following scrolls and resizes. */
export function useGridWindow(count: number, listRef: RefObject<HTMLElement | null>): GridWindow {
  const windowed = count >= WINDOW_FROM;
  const [range, setRange] = useState<GridWindow>(() => (windowed ? { start: 0, end: Math.min(count, 24), padTop: 0, padBottom: 0 } : ALL(count)));

  useLayoutEffect(() => {
    if (!windowed) return; // every card: nothing to follow
    let frame = 0;
    const measure = () => {
      frame = 0;
      const list = listRef.current;
      if (!list) return;
      const style = getComputedStyle(list);
      const columns = Math.max(1, style.gridTemplateColumns.split(' ').filter(Boolean).length);
      const gap = parseFloat(style.rowGap) || 0;
      const firstCard = list.firstElementChild as HTMLElement | null;
      const rowHeight = (firstCard?.offsetHeight || ESTIMATED_ROW_PX - gap) + gap;
      const rows = Math.ceil(count / columns);
      const top = list.getBoundingClientRect().top;
      const viewport = window.innerHeight || document.documentElement.clientHeight;
      const firstRow = Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN_ROWS);
      const lastRow = Math.min(rows - 1, Math.max(firstRow, Math.ceil((viewport - top) / rowHeight) + OVERSCAN_ROWS));
      const next: GridWindow = {
        start: firstRow * columns,
        end: Math.min(count, (lastRow + 1) * columns),
        padTop: firstRow * rowHeight,
        padBottom: Math.max(0, (rows - lastRow - 1) * rowHeight),
      };
      setRange((current) => (sameWindow(current, next) ? current : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // Capture: the page may scroll in the window or in a scrolling ancestor.
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    // The first measure, and each after a change of the list's size, happens in the resize
    // observer's callback, which the browser calls right after its own layout: reading sizes
    // there costs nothing, while measuring here would force a layout inside the render's task,
    // the longest task of opening /inventory (decision 060). Until then the first rows show.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (resize && listRef.current) resize.observe(listRef.current);
    else schedule();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      resize?.disconnect();
    };
  }, [count, windowed, listRef]);

  if (!windowed) return ALL(count);
  // The count changed since the last measure (a filter): stay within it until measured again.
  return range.end > count ? { ...range, end: count } : range;
}
