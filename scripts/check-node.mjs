// Fails clearly when the Node running the scripts is older than 24. Node 24 is pinned as the `node` dependency
// (kept by `npm ci --omit=dev`); npm scripts run it from node_modules/.bin, and without its install script npm
// falls back to the system Node silently.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Confero needs Node.js 24 or newer, but this is Node ${process.versions.node}.\n` +
      'The project pins Node 24 as its `node` dependency: run `npm install` or `npm ci` (with install scripts\n' +
      'allowed) and start it through npm (`npm start`, `npm test`), which puts node_modules/.bin/node first on the PATH.',
  );
  process.exit(1);
}
