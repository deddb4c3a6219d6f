// Fails clearly when the Node running the scripts is older than 24 (STACK.md: Node 24 is pinned as the
// `node` devDependency; without its install script npm falls back to the system Node silently).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Confero needs Node.js 24 or newer, but this is Node ${process.versions.node}.\n` +
      'The project pins Node 24 as a devDependency: run `npm install` (with install scripts allowed) and start it\n' +
      'through npm (`npm start`, `npm test`), which puts node_modules/.bin/node first on the PATH.',
  );
  process.exit(1);
}
