// zod as the web app imports it (vite.config.ts points `zod` here): zod probes `new Function` once to decide whether
// to compile its object parsers, and under the CSP (script-src 'self', no eval) that probe is a reported violation.
// Told here to parse without compiling, before any module that imports zod — the contract's schemas, which some
// parse as they load — runs, whichever lazily loaded page brings zod first.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
