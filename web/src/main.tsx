// Entry point: providers, the browser router and the role-built route table.
import './zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { captureInstallPrompt } from './lib/install';
// antd's theme variables, light and dark, for the pages without antd's ConfigProvider (vite-antd-theme-vars.ts).
import 'virtual:antd-theme-vars.css';
import './styles.css';

captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
