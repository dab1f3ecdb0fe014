import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { DatabaseProvider } from './app/database-provider';
import { AppRoutes } from './app/router';
import { SessionProvider } from './app/session';
import { registerServiceWorker } from './pwa/register-sw';
import './styles/global.css';
import './styles/screens.css';

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
