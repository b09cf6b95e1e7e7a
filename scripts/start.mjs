// `npm start`: build what is stale, then run the API, which also serves the web app. The build
// says what it compiles and how long it takes; the server's log ends with the address to open.
import { build } from './build.mjs';

try {
  build();
} catch {
  // The compiler's output is above.
  console.error('Coop Portal could not start: the build failed (its output is above).');
  process.exit(1);
}
await import('../apps/api/dist/server.js');
