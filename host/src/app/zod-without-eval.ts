// zod 4 compiles object parsers with `new Function` when the page allows it, and probes for that on
// the first parse. The console's Content-Security-Policy forbids eval (no 'unsafe-eval': an injected
// script could not turn strings into code), so the probe would be refused and reported as a CSP
// violation on every page load. Turn the compiled path off before anything parses: the setting
// lives on globalThis, so it also covers the copies of zod the remotes bring into the same page.
import { config } from 'zod';

config({ jitless: true });
