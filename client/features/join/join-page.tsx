import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { childLabel, listChildren } from '../../../shared/domain/children.js';
import { Button, buttonClass } from '../../components/button.js';
import { Card } from '../../components/card.js';
import { Logo } from '../../components/logo.js';
import { Spinner } from '../../components/spinner.js';
import { useHouseholdData } from '../../session/session.js';
import { useSettings, useToys } from '../../hooks/use-local-data.js';
import { useHousehold } from '../../hooks/use-household.js';
import { useOnline } from '../../hooks/use-online.js';
import { useUserDb } from '../../hooks/use-user-db.js';
import { ApiError } from '../../lib/http.js';
import { householdApi } from '../../session/household-api.js';
import { forgetInvite, rememberInvite } from '../../session/pending-invite.js';
import { useSession } from '../../session/session.js';
import { joinErrorText } from './join-errors.js';
import { InviteLine } from './invite-line.js';
import { JoinChoice, type Choice } from './join-choice.js';
import './join.css';

function JoinCard({ code, children }: { code: string; children: ReactNode }) {
  const { t } = useTranslation('join');
  return (
    <div className="page">
      <Card className="auth-card tr-join">
        <div className="tr-join__logo">
          <Logo size={56} />
        </div>
        <h1>{t('title')}</h1>
        <InviteLine code={code} />
        {children}
      </Card>
    </div>
  );
}

/** /join/{code} (issue 13): signed out it leads through register or log in, then joins. */
export function JoinPage() {
  const { code = '' } = useParams();
  const { signedIn } = useSession();
  const { t } = useTranslation('join');

  // Kept across register or log in (and a reload meanwhile): they come back here afterwards.
  useEffect(() => {
    if (!signedIn && code) rememberInvite(window.localStorage, code, Date.now());
  }, [signedIn, code]);

  if (!signedIn) {
    return (
      <JoinCard code={code}>
        <p>{t('signedOut.intro')}</p>
        <p className="muted">{t('signedOut.next')}</p>
        <div className="tr-join__actions">
          <Link to="/register" className={buttonClass('primary', 'normal', true)}>
            {t('signedOut.register')}
          </Link>
          <Link to="/login" className={buttonClass('secondary', 'normal', true)}>
            {t('signedOut.login')}
          </Link>
        </div>
      </JoinCard>
    );
  }
  return <SignedInJoin code={code} />;
}

function SignedInJoin({ code }: { code: string }) {
  const { t } = useTranslation('join');
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
      <JoinCard code={code}>
        <Spinner label={t('loading')} />
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
        return setProblem({ text: t('notSynced', { count: pending }) });
      }
      const household = await householdApi.join(getToken(), code, choice === 'bring');
      forgetInvite(window.localStorage);
      await switchTo(household.id, 'joined', household.name);
      void navigate('/inventory', { replace: true });
    } catch (error) {
      const already = error instanceof ApiError && error.status === 409;
      const invalid = error instanceof ApiError && error.status === 404;
      if (already || invalid) forgetInvite(window.localStorage);
      setProblem({ text: joinErrorText(error) || t('failed'), already });
    } finally {
      setBusy(false);
    }
  }

  function notNow() {
    forgetInvite(window.localStorage);
    void navigate('/', { replace: true });
  }

  return (
    <JoinCard code={code}>
      <p>{t('signedIn.intro')}</p>
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
          {t('signedIn.leavesShared', { name: household.name })}
        </p>
      )}
      {!online && <p className="alert alert--warning">{t('offline')}</p>}
      {problem && (
        <p className="alert alert--danger" role="alert">
          {problem.text} {problem.already && <Link to="/settings">{t('seeFamily')}</Link>}
        </p>
      )}
      <div className="tr-join__actions">
        <Button block busy={busy} disabled={!online || (needsChoice && !choice)} onClick={() => void join()}>
          {t('join')}
        </Button>
        <Button block variant="ghost" onClick={notNow}>
          {t('notNow')}
        </Button>
      </div>
    </JoinCard>
  );
}
