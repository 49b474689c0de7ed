import 'nprogress/nprogress.css';
import './index.css';
import { i18nReady } from '@/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';

const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// French texts (a small chunk) are in before the first render when French is the language.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
