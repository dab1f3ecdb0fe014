import { Link } from 'react-router-dom';
import { SiteFooter } from '../../components/site-footer.js';
import './legal.css';

/** Privacy Policy: every topic of spec sections 2 and 9. */
export function PrivacyPage() {
  return (
    <>
      <article className="page prose legal">
        <h1>Privacy Policy</h1>
        <p className="legal__meta">Effective date: 21 June 2024</p>
        <p>
          This policy explains what personal data Toy Rotation LLC (“we”, “us”) collects when you use the Toy Rotation website and
          mobile apps, why, and the choices and rights you have. We keep it short and collect as little as we can.
        </p>

        <h2>Data we collect</h2>
        <ul>
          <li>
            <strong>Account data:</strong> your username, email address and password (stored only as a secure hash).
          </li>
          <li>
            <strong>Your content:</strong> toy photos, titles, categories, notes, collections, rotation settings and rotation history
            that you add.
          </li>
          <li>
            <strong>Membership data:</strong> your plan and subscription status. Card details are handled by our payment processor
            and never reach our servers.
          </li>
          <li>
            <strong>Messages:</strong> the email address and text you send us through the contact or deletion forms.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser and device type, and server logs needed to keep the Service secure
            and working. We do not use advertising trackers.
          </li>
        </ul>
        <p>
          Photos are shrunk in your browser before upload, which also removes hidden location data (EXIF/GPS) from them.
        </p>

        <h2>How we use data and our legal bases</h2>
        <ul>
          <li>
            <strong>To provide the Service</strong> (your account, inventory, sync between devices, rotations): performance of our
            contract with you.
          </li>
          <li>
            <strong>To keep the Service safe</strong> (spam and abuse prevention, security logs): our legitimate interests.
          </li>
          <li>
            <strong>To handle payments and answer your messages:</strong> contract and legitimate interests.
          </li>
          <li>
            <strong>To meet legal duties</strong> such as tax records: legal obligation.
          </li>
          <li>
            Where we rely on <strong>consent</strong> (for example loading the front-page video from YouTube when you press play),
            you can withdraw it at any time.
          </li>
        </ul>

        <h2>Sharing</h2>
        <p>We do not sell or rent personal data, and we do not share it for targeted advertising. We share data only with:</p>
        <ul>
          <li>service providers who host our servers and store media, send our emails, and process payments, under contracts that
            limit their use of the data to serving us;</li>
          <li>YouTube (privacy-enhanced mode), only if you press play on the front-page video;</li>
          <li>authorities when the law requires it, or to protect the rights and safety of our users and us;</li>
          <li>a successor, if the business is merged or sold, under the same promises as this policy.</li>
        </ul>

        <h2>Retention</h2>
        <p>
          We keep your data while your account is active. Accounts inactive for one year are deleted automatically together with
          their data. When you delete your account, or ask us to through the <Link to="/deletionform">deletion request form</Link>,
          your data is removed from our live systems promptly and from backups within 30 days. Contact messages are kept for up to
          two years; security logs for up to 90 days. Billing records are kept as long as tax law requires.
        </p>

        <h2>Children and minors</h2>
        <p>
          Toy Rotation is made for parents and carers. It is not directed at minors under 18, and we do not knowingly collect
          personal data from anyone under 18. If you believe a minor has given us personal data, please contact us and we will
          delete it. Photos should show toys, not children.
        </p>

        <h2>Your rights</h2>
        <p>
          Wherever you live, you can ask to access, correct, export or delete your personal data, and you can delete your account
          yourself in Settings.
        </p>
        <h3>Europe and the United Kingdom</h3>
        <p>
          Under the GDPR and UK GDPR you also have the right to restrict or object to processing, to data portability, and to
          complain to your local data protection authority. We answer requests within one month.
        </p>
        <h3>California</h3>
        <p>
          Under the CCPA/CPRA you may request to know, delete and correct personal information, and to opt out of its sale or
          sharing (we do neither). We will not discriminate against you for using these rights.
        </p>
        <h3>Virginia and other US states</h3>
        <p>
          Residents of Virginia (VCDPA) and of states with similar laws (such as Colorado, Connecticut and Utah) may request
          access, correction, deletion and a copy of their data, and may opt out of targeted advertising, sale and profiling. We
          respond to requests within 45 days; when reasonably necessary we may extend this once by another 45 days, and we will
          tell you within the first 45 days. If we decline a request you may appeal, and we respond to appeals within 60 days. If
          you appeal and disagree with our answer, you may contact your state Attorney General. Opt-out requests are acted on
          within 15 days.
        </p>

        <h2>Security</h2>
        <p>
          We use encryption in transit, hashed passwords, access controls and regular backups. No system is perfectly secure, so
          please use a strong, unique password.
        </p>

        <h2>Changes to this policy</h2>
        <p>We will post any change here with a new effective date, and tell you in the app or by email about important changes.</p>

        <h2>Contact</h2>
        <p>
          For any privacy question or request, please write to us through the <Link to="/contactus">contact page</Link>.
        </p>
      </article>
      <SiteFooter />
    </>
  );
}
