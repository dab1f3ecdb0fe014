import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '../../components/card.js';

export const SUPPORT_EMAIL = 'support@toyrotation.app';

/** /RecoverPassword: the five steps for people who use the iPhone app (spec section 2). */
export function RecoverPasswordPage() {
  const { t } = useTranslation('auth');
  const bold = { b: <strong /> };
  return (
    <div className="page prose">
      <h1>{t('recover.title')}</h1>
      <p>{t('recover.intro')}</p>
      <Card as="section">
        <ol className="steps">
          <li>
            <Trans t={t} i18nKey="recover.step1" components={bold} />
          </li>
          <li>
            <Trans t={t} i18nKey="recover.step2" components={bold} />
          </li>
          <li>{t('recover.step3')}</li>
          <li>{t('recover.step4')}</li>
          <li>{t('recover.step5')}</li>
        </ol>
      </Card>
      <h2>{t('recover.noEmail')}</h2>
      <p>
        <Trans
          t={t}
          i18nKey="recover.help"
          values={{ email: SUPPORT_EMAIL }}
          // eslint-disable-next-line jsx-a11y/anchor-has-content -- <Trans> puts the translated words inside
          components={{ mail: <a href={`mailto:${SUPPORT_EMAIL}`} />, go: <Link to="/contactus" /> }}
        />
      </p>
    </div>
  );
}
