import type { ReactNode } from 'react';
import { Card } from '../../components/card.js';
import { Logo } from '../../components/logo.js';
import { LanguagePicker } from '../../i18n/language-picker.js';

/** The centred card every auth screen sits in, and the language menu below it. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="page">
      <Card className="auth-card">
        <div style={{ display: 'grid', justifyItems: 'center', marginBottom: 8 }}>
          <Logo size={56} />
        </div>
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
      </Card>
      <LanguagePicker className="auth-card__language" />
    </div>
  );
}
