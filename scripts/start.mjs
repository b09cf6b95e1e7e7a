// `npm start`: build what is stale, then run the API, which also serves the web app.
import { build } from './build.mjs';

build();
await import('../apps/api/dist/server.js');
