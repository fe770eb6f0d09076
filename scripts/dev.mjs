// `npm run dev`: the server rebuilt and restarted on change, and Vite's dev server with hot reload
// (it proxies API calls to the server on port 8080).
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync('npx', ['tsc', '-b', 'apps/server'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const children = [
  spawn('npx', ['tsc', '-b', 'apps/server', '--watch', '--preserveWatchOutput'], { stdio: 'inherit' }),
  spawn('node', ['--watch', 'apps/server/dist/server.js'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
