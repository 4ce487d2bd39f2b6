import { startApp } from './app/start';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A page rendered on the server stays readable (its links are plain links) if its code fails to load.
startApp(container).catch((error: unknown) => console.error('The app could not start', error));
