import { useEffect, useState } from 'react';
import { calendarFeedSchema, calendarFeedStateSchema, msgSchema } from '../../../shared/schemas/rest.js';
import { Button } from '../../components/button.js';
import { ApiError, apiJson } from '../../lib/http.js';
import { useSession } from '../../session/session.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

const PATH = '/api/private/calendarFeed';

type Feed = { active: boolean; url: string | null };

function failure(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'An error occurred';
}

/**
 * The private calendar feed of due days (a link to subscribe to in a phone's calendar). The link
 * is shown once, when made: the server keeps only its hash, so a lost link is made again.
 */
export function CalendarFeed({ onMessage }: { onMessage: ShowMessage }) {
  const { getToken } = useSession();
  const [feed, setFeed] = useState<Feed | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    apiJson(PATH, { token: getToken(), schema: calendarFeedStateSchema, signal: controller.signal })
      .then((state) => setFeed({ active: state.active, url: null }))
      .catch(() => setFeed(null)); // offline: the section says the link needs the network
    return () => controller.abort();
  }, [getToken]);

  async function create() {
    setBusy(true);
    try {
      const made = await apiJson(PATH, { method: 'POST', token: getToken(), schema: calendarFeedSchema });
      setFeed({ active: true, url: made.url });
      onMessage('Calendar link made: add it to your calendar app.', 'success');
    } catch (error) {
      onMessage(failure(error), 'danger');
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    setBusy(true);
    try {
      const answer = await apiJson(PATH, { method: 'DELETE', token: getToken(), schema: msgSchema });
      setFeed({ active: false, url: null });
      onMessage(answer.msg, 'success');
    } catch (error) {
      onMessage(failure(error), 'danger');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tr-calendar" data-testid="calendar-feed">
      <h3>Calendar</h3>
      {feed === null ? (
        <p className="muted">The calendar link needs the network; try again when you are online.</p>
      ) : (
        <>
          <p className="muted">A private link that puts each due day in your phone&apos;s calendar (subscribe to it by URL).</p>
          {feed.url && (
            <p>
              <input className="input" readOnly aria-label="Calendar link" value={feed.url} onFocus={(event) => event.target.select()} />
            </p>
          )}
          {feed.active && !feed.url && <p>A calendar link is active. Make a new one to see it again (the old one stops working).</p>}
          <div className="row">
            <Button size="small" variant="secondary" busy={busy} onClick={() => void create()}>
              {feed.active ? 'Make a new link' : 'Make a calendar link'}
            </Button>
            {feed.active && (
              <Button size="small" variant="ghost" disabled={busy} onClick={() => void revoke()}>
                Revoke link
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
