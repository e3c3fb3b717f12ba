// Runs pouchdb-server inside this child process. The parent (the API) talks to it over an IPC
// channel only to know it is alive: when the channel closes (the API exited, even by SIGKILL),
// this process exits too, so a crashed API never leaves an orphaned database server holding
// the data directory.
'use strict';
process.on('disconnect', () => process.exit(0));
process.argv = [process.argv[0], 'pouchdb-server', ...process.argv.slice(2)];
require('pouchdb-server/lib/index.js');
