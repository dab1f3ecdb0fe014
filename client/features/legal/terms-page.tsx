import { Link } from 'react-router-dom';
import { SiteFooter } from '../../components/site-footer.js';
import './legal.css';

/** Terms of Use: the 12 numbered sections of spec section 2. */
export function TermsPage() {
  return (
    <>
      <article className="page prose legal">
        <h1>Terms of Use</h1>
        <p className="legal__meta">Last updated: 21 June 2024</p>
        <p>
          These Terms of Use govern your use of the Toy Rotation website and mobile apps (the “Service”), provided by Toy Rotation
          LLC, a limited liability company (“we”, “us”). Please read them carefully.
        </p>
        <ol className="legal__sections">
          <li>
            <h2>Acceptance of Terms</h2>
            <p>
              By creating an account or using the Service you agree to these Terms and to our{' '}
              <Link to="/privacy">Privacy Policy</Link>. You must be of legal age in your country to form a binding contract, or
              use the Service with the consent and supervision of a parent or legal guardian. If you do not agree, please do not use
              the Service.
            </p>
          </li>
          <li>
            <h2>User Content and Licence</h2>
            <p>
              You keep ownership of the photos, titles, notes and other content you add (“User Content”). You grant us a
              non-exclusive, worldwide, royalty-free licence to store, process, copy and display your User Content only as needed to
              run the Service for you, for example to sync it between your devices. You confirm that you have the right to upload
              it.
            </p>
          </li>
          <li>
            <h2>Prohibited Conduct</h2>
            <p>You agree not to:</p>
            <ul>
              <li>upload content that is unlawful, harmful, or that infringes anyone’s rights, or images of other people without permission;</li>
              <li>try to access other users’ accounts or data, or probe, scan or test the Service’s security;</li>
              <li>disrupt, overload or reverse engineer the Service, or use automated means to access it beyond normal use;</li>
              <li>use the Service for any commercial purpose other than organising your own household’s toys.</li>
            </ul>
          </li>
          <li>
            <h2>Paid Membership</h2>
            <p>
              Some features need a paid Premium membership. Membership fees are billed in advance on a recurring basis (monthly)
              until you cancel. Fees are non-refundable unless stated otherwise in these Terms or required by law. You may cancel at
              any time from the billing portal; your membership then stays active until the end of the period already paid. We may
              change prices with reasonable notice before your next billing period.
            </p>
          </li>
          <li>
            <h2>Intellectual Property</h2>
            <p>
              The Service, its software, design, logo, text and graphics (except User Content) belong to Toy Rotation LLC or its
              licensors and are protected by intellectual property laws. We grant you a personal, revocable, non-transferable licence
              to use the Service for its intended purpose.
            </p>
          </li>
          <li>
            <h2>Privacy and Data Handling</h2>
            <p>
              How we collect and use personal data is described in our <Link to="/privacy">Privacy Policy</Link>. Your account and
              all associated data are deleted automatically after one year of inactivity. You can ask for earlier deletion at any
              time through the <Link to="/deletionform">deletion request form</Link>.
            </p>
          </li>
          <li>
            <h2>Disclaimer of Warranties</h2>
            <p>
              The Service is provided “as is” and “as available”, without warranties of any kind, express or implied, including
              fitness for a particular purpose and non-infringement. We do not warrant that the Service will be uninterrupted or
              error-free. Toy Rotation offers organising help; it is not advice on child development or safety.
            </p>
          </li>
          <li>
            <h2>Limitation of Liability</h2>
            <p>
              To the fullest extent allowed by law, Toy Rotation LLC is not liable for indirect, incidental, special, consequential
              or punitive damages, or for loss of data or profits. Our total liability for any claim is limited to the amount you
              paid us in the twelve months before the claim.
            </p>
          </li>
          <li>
            <h2>Indemnification</h2>
            <p>
              You agree to indemnify and hold harmless Toy Rotation LLC and its members and staff from claims, losses and expenses
              (including reasonable legal fees) arising from your User Content, your misuse of the Service or your breach of these
              Terms.
            </p>
          </li>
          <li>
            <h2>Changes to the Terms</h2>
            <p>
              We may update these Terms from time to time. We will post the new version here with a new date and, for important
              changes, tell you in the app or by email. Continuing to use the Service after a change means you accept the new Terms.
            </p>
          </li>
          <li>
            <h2>Governing Law</h2>
            <p>
              These Terms are governed by the laws of <span className="placeholder">[jurisdiction to be completed]</span>, without
              regard to its conflict-of-law rules. Disputes will be heard by the courts of{' '}
              <span className="placeholder">[venue to be completed]</span>.
            </p>
          </li>
          <li>
            <h2>Severability and Entire Agreement</h2>
            <p>
              If any part of these Terms is found unenforceable, the rest stays in effect. These Terms and the Privacy Policy are the
              entire agreement between you and Toy Rotation LLC about the Service and replace any earlier agreements.
            </p>
          </li>
        </ol>
        <p>
          Questions? Please reach us through the <Link to="/contactus">contact form</Link>.
        </p>
      </article>
      <SiteFooter />
    </>
  );
}
