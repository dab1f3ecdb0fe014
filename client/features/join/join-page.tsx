import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { childLabel, listChildren } from '../../../shared/domain/children.js';
import { Button, buttonClass } from '../../components/button.js';
import { Card } from '../../components/card.js';
import { Logo } from '../../components/logo.js';
import { Spinner } from '../../components/spinner.js';
import { useHouseholdData } from '../../db/provider.js';
import { useSettings, useToys } from '../../hooks/use-local-data.js';
import { useHousehold } from '../../hooks/use-household.js';
import { useOnline } from '../../hooks/use-online.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { ApiError, errorText } from '../../lib/http.js';
import { householdApi } from '../../session/household-api.js';
import { forgetInvite, rememberInvite } from '../../session/pending-invite.js';
import { useSession } from '../../session/session.js';
import { JoinChoice, type Choice } from './join-choice.js';
import './join.css';

function JoinCard({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <Card className="auth-card tr-join">
        <div className="tr-join__logo">
          <Logo size={56} />
        </div>
        <h1>Join a family</h1>
        {children}
      </Card>
    </div>
  );
}

/** /join/{code} (issue 13): signed out it leads through register or log in, then joins. */
export function JoinPage() {
  const { code = '' } = useParams();
  const { signedIn } = useSession();

  // Kept across register or log in (and a reload meanwhile): they come back here afterwards.
  useEffect(() => {
    if (!signedIn && code) rememberInvite(window.localStorage, code, Date.now());
  }, [signedIn, code]);

  if (!signedIn) {
    return (
      <JoinCard>
        <p>You have been invited to share a family&apos;s toys on Toy Rotation: everyone in the family sees and rotates the same toys, on every phone.</p>
        <p className="muted">Create a free account or log in; you come back here to join.</p>
        <div className="tr-join__actions">
          <Link to="/register" className={buttonClass('primary', 'normal', true)}>
            Create an account
          </Link>
          <Link to="/login" className={buttonClass('secondary', 'normal', true)}>
            I have an account: log in
          </Link>
        </div>
      </JoinCard>
    );
  }
  return <SignedInJoin code={code} />;
}

function SignedInJoin({ code }: { code: string }) {
  const navigate = useNavigate();
  const online = useOnline();
  const { getToken } = useSession();
  const { db, opening } = useUserDb();
  const toys = useToys(db);
  const settings = useSettings(db);
  const { settle, switchTo } = useHouseholdData();
  const { household } = useHousehold();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; already?: boolean } | null>(null);

  if (opening || (db && (!toys || settings === undefined))) {
    return (
      <JoinCard>
        <Spinner label="Loading your toys" />
      </JoinCard>
    );
  }
  const ownToys = toys?.length ?? 0;
  // Toys of a family shared with others stay with them (decision 016): no choice to make then.
  const shared = (household?.members.length ?? 1) > 1;
  const needsChoice = ownToys > 0 && !shared;

  async function join() {
    setBusy(true);
    setProblem(null);
    try {
      // What waits on this device goes to the server first, so bringing toys brings all of them
      // and leaving them behind loses nothing.
      const { pending } = await settle();
      if (pending > 0) {
        const changes = pending === 1 ? '1 change' : `${pending} changes`;
        return setProblem({ text: `${changes} on this device ${pending === 1 ? 'has' : 'have'} not reached the server yet. Stay online until the status says Synced, then join.` });
      }
      const household = await householdApi.join(getToken(), code, choice === 'bring');
      forgetInvite(window.localStorage);
      await switchTo(household.id, 'joined', household.name);
      void navigate('/inventory', { replace: true });
    } catch (error) {
      const already = error instanceof ApiError && error.status === 409;
      if (already || (error instanceof ApiError && error.status === 404)) forgetInvite(window.localStorage);
      setProblem({ text: errorText(error) || 'Joining did not work. Please try again.', already });
    } finally {
      setBusy(false);
    }
  }

  function notNow() {
    forgetInvite(window.localStorage);
    void navigate('/', { replace: true });
  }

  return (
    <JoinCard>
      <p>You have been invited to share a family&apos;s toys. Once you join, you and the family see and change the same toys, collections and rotations, on every phone.</p>
      {needsChoice && (
        <JoinChoice
          toyCount={ownToys}
          childNames={settings ? listChildren(settings).map((child, index) => childLabel(child, index)) : []}
          choice={choice}
          onChoose={setChoice}
        />
      )}
      {shared && household && (
        <p className="muted">
          You are now in {household.name}. When you join, you leave it: its toys stay with its other members.
        </p>
      )}
      {!online && <p className="alert alert--warning">You are offline. Joining needs an internet connection.</p>}
      {problem && (
        <p className="alert alert--danger" role="alert">
          {problem.text} {problem.already && <Link to="/settings">See your family in Settings.</Link>}
        </p>
      )}
      <div className="tr-join__actions">
        <Button block busy={busy} disabled={!online || (needsChoice && !choice)} onClick={() => void join()}>
          Join the family
        </Button>
        <Button block variant="ghost" onClick={notNow}>
          Not now
        </Button>
      </div>
    </JoinCard>
  );
}
