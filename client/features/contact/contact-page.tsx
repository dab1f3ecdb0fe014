import { Link } from 'react-router-dom';
import { Card } from '../../components/card';
import { SiteFooter } from '../../components/site-footer';
import { ContactForm } from './contact-form';

export function ContactPage() {
  return (
    <>
      <div className="page">
        <Card className="auth-card">
          <h1>Contact Us</h1>
          <p className="muted">
            Questions, ideas or a problem with the app? Send us a message and we will get back to you by email.
          </p>
          <ContactForm subject="Contact Form" />
          <p className="muted contact-note">
            Want your account deleted? Use the <Link to="/deletionform">deletion request form</Link>.
          </p>
        </Card>
      </div>
      <SiteFooter />
    </>
  );
}

/** The bee-health app shares the form, under its own heading and subject. */
export function BeeHealthyContactPage() {
  return (
    <>
      <div className="page">
        <Card className="auth-card">
          <p className="app-heading">
            <span aria-hidden="true">🐝 </span>Bee Healthy
          </p>
          <h1>Contact Us</h1>
          <p className="muted">Questions or feedback about the Bee Healthy app? Write to us here and we will reply by email.</p>
          <ContactForm subject="Bee Healthy Contact Form" />
        </Card>
      </div>
      <SiteFooter />
    </>
  );
}
