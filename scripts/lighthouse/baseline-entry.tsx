import { hydrateRoot } from 'react-dom/client';
import { BaselinePage } from './baseline-page';

hydrateRoot(document.getElementById('root')!, <BaselinePage />);
