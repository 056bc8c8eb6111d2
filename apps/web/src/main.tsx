import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

void bootstrap().then((start) => {
  document.documentElement.dataset.theme = start.theme;
  document.documentElement.lang = start.language === 'en' ? 'en' : 'zh-CN';
  createRoot(root).render(
    <StrictMode>
      <App start={start} />
    </StrictMode>,
  );
});
