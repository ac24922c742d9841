// What the web build imports as "zod" (vite.config.ts aliases it here): zod itself, told once,
// before any schema parses, not to compile parsers with `new Function`: the page's
// Content-Security-Policy forbids eval, and each attempt was a reported violation. The server
// imports zod directly and keeps the compiled parsers.
import * as z from 'zod/v4';
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
