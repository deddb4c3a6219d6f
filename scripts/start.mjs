// `npm start`: build the web app when missing or stale (a production install without build tools serves the
// build it has), then run the server (which migrates the database and creates the first admin). Ctrl-C closes
// the server cleanly.
import './check-node.mjs';
import { buildWeb } from './build-web.mjs';

buildWeb();
await import('../apps/api/src/server.ts');
