// Runs pouchdb-server inside this child process. The parent (the API) talks to it over an IPC
// channel only to know it is alive: when the channel closes (the API exited, even by SIGKILL),
// this process exits too, so a crashed API never leaves an orphaned database server holding
// the data directory.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');
// pouchdb-validation writes the stored document's _revisions onto the incoming one, so a
// replicated update (new_edits=false) to a database with a validate_doc_update is silently
// dropped. Validate a copy, as CouchDB does. Fails loudly if the library changes.
// couch/package.json lists pouchdb-validation (optional, like pouchdb-server) at the exact version
// pouchdb-server depends on, so this resolves to the one copy the server loads.
const validationFile = require.resolve('pouchdb-validation');
const BUGGY = 'newDoc._revisions = (oldDoc || {})._revisions;';
const FIXED = 'newDoc = Object.assign({}, newDoc, { _revisions: (oldDoc || {})._revisions });';
const loadJs = Module._extensions['.js'];
Module._extensions['.js'] = function (module, filename) {
  if (filename !== validationFile) return loadJs(module, filename);
  const source = fs.readFileSync(filename, 'utf8');
  if (!source.includes(BUGGY))
    throw new Error('pouchdb-validation changed: re-check the fix in couch/src/child.cjs');
  module._compile(source.replace(BUGGY, FIXED), filename);
};
process.on('disconnect', () => process.exit(0));
process.argv = [process.argv[0], 'pouchdb-server', ...process.argv.slice(2)];
require('pouchdb-server/lib/index.js');
