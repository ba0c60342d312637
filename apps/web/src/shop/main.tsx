import './shop.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ShopApp } from './app';

/** The shop's own entry (shop.html): React and the shop's pages, nothing of the back office. */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in shop.html');
createRoot(root).render(
  <StrictMode>
    <ShopApp />
  </StrictMode>,
);
