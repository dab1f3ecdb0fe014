import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../components/empty-state.js';

export function NotFoundPage() {
  const { t } = useTranslation('public');
  return (
    <div className="page">
      <EmptyState title={t('notFound.title')}>
        <p>
          <Trans t={t} i18nKey="notFound.text" components={{ go: <Link to="/" /> }} />
        </p>
      </EmptyState>
    </div>
  );
}
