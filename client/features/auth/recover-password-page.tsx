import { Link } from 'react-router-dom';
import { Card } from '../../components/card.js';

export const SUPPORT_EMAIL = 'support@toyrotation.app';

/** /RecoverPassword: the five steps for people who use the iPhone app (spec section 2). */
export function RecoverPasswordPage() {
  return (
    <div className="page prose">
      <h1>Reset your password in the iPhone app</h1>
      <p>Forgot the password you use in the Toy Rotation app? It takes five short steps:</p>
      <Card as="section">
        <ol className="steps">
          <li>
            In the app, tap <strong>Forgot Password</strong>.
          </li>
          <li>
            Enter your email address in <strong>lowercase</strong> and tap <strong>Send Email</strong>.
          </li>
          <li>
            Open the link in the email we send you. If you cannot find the email, check your spam folder. If the link does not
            open, copy it into another browser.
          </li>
          <li>Enter your new password twice.</li>
          <li>
            Do not log in on the website: open the app and log in there with your new password.
          </li>
        </ol>
      </Card>
      <h2>The email never arrived?</h2>
      <p>
        Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use the <Link to="/contactus">contact form</Link>, and
        we will help you get back in.
      </p>
    </div>
  );
}
