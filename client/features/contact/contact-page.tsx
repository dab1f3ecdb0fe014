import { Link } from 'react-router-dom';
import { CardPage } from '../../components/card-page.js';
import { ContactForm } from './contact-form.js';
import { BEE_HEALTHY_SUBJECT, CONTACT_SUBJECT } from '../../../shared/schemas/support.js';

function BeeIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" style={{ verticalAlign: 'middle' }}>
      <ellipse cx="11" cy="10" rx="6" ry="4" fill="#cfe3f2" stroke="#2e2a26" strokeWidth="1.5" transform="rotate(-30 11 10)" />
      <ellipse cx="20" cy="9" rx="6" ry="4" fill="#cfe3f2" stroke="#2e2a26" strokeWidth="1.5" transform="rotate(30 20 9)" />
      <ellipse cx="16" cy="19" rx="10" ry="7.5" fill="#e9b949" stroke="#2e2a26" strokeWidth="1.5" />
      <path d="M13 12.5v13M19 12.5v13" stroke="#2e2a26" strokeWidth="3" />
    </svg>
  );
}

export function ContactPage() {
  return (
    <CardPage>
      <h1>Contact Us</h1>
      <p className="muted">Questions, ideas or a problem with the app? Send us a message and we will get back to you by email.</p>
      <ContactForm subject={CONTACT_SUBJECT} />
      <p className="muted contact-note">
        Want your account deleted? Use the <Link to="/deletionform">deletion request form</Link>.
      </p>
    </CardPage>
  );
}

/** The bee-health app shares the form, under its own heading and subject. */
export function BeeHealthyContactPage() {
  return (
    <CardPage>
      <p className="app-heading">
        <BeeIcon /> Bee Healthy
      </p>
      <h1>Contact Us</h1>
      <p className="muted">Questions or feedback about the Bee Healthy app? Write to us here and we will reply by email.</p>
      <ContactForm subject={BEE_HEALTHY_SUBJECT} />
    </CardPage>
  );
}
