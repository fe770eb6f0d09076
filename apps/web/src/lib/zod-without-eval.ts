// zod probes `new Function` once to decide whether to compile its object parsers; under the CSP (script-src 'self',
// no eval) that probe is a reported violation. Told up front to parse without compiling. Its own module, imported
// first by main.tsx, because module bodies that parse a schema as they load (the contract) would otherwise probe first.
import { z } from 'zod';

z.config({ jitless: true });
