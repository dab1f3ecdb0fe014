import { StrictMode } from 'react';
import { config as zodConfig } from 'zod';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { DatabaseProvider } from './db/provider.js';
import { AppRoutes } from './app/router.js';
import { SessionProvider } from './session/session.js';
import { registerServiceWorker } from './pwa/register-sw.js';
import './styles/global.css';
import './styles/screens.css';

// zod never compiles validators with `new Function` here: the CSP forbids eval, and its probe
// alone is reported as a violation. (Set before any schema is used; zod itself loads later.)
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <SessionProvider>
        <DatabaseProvider>
          <AppRoutes />
        </DatabaseProvider>
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>,
);

void registerServiceWorker().catch((error: unknown) => console.warn('Service worker registration failed', error));
