import type { ReactNode } from 'react';

/** Spec section 3: what the signed-in screens say to a visitor who is not signed in. */
const GUEST_MESSAGE = 'Try to log in, please.';

type ScreenHeaderProps = { title: string; guest: boolean; children?: ReactNode };

/** The title row of a signed-in screen (with its actions), and the guest note below it. */
export function ScreenHeader({ title, guest, children }: ScreenHeaderProps) {
  return (
    <>
      <header className="page-header">
        <h1>{title}</h1>
        {children}
      </header>
      {guest && <p className="alert alert--info">{GUEST_MESSAGE}</p>}
    </>
  );
}
