// Runs a command of the project with a Node.js that can run it: this one when it is 22.18 or newer
// (the server and the scripts are TypeScript run by Node's type stripping), otherwise the pinned
// Node 24 of scripts/node24.mjs, checked and set up once. Plain JavaScript: it must run on the old
// Node that brought us here.
//
//   node scripts/with-node24.mjs npm run build --workspace @shop/web
import { runWithRecentNode } from './node24.mjs';

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error('usage: node scripts/with-node24.mjs <command> [args…]');
  process.exit(2);
}
runWithRecentNode(program, args);
