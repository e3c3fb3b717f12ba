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

// Open databases. express-pouchdb keeps every database it opened in a map and never closes one:
// each holds about four descriptors (more with its views), so a server touched by enough members
// runs out of descriptors, and pouchdb-all-dbs then answers 404s. Here the map keeps at most
// WAYFARER_MAX_DBS_OPEN databases (default: from the descriptor limit, with room), closing the
// least recently used one no request is using; it is opened again when next asked for.
const path = require('node:path');
const serverDir = path.dirname(require.resolve('pouchdb-server/package.json'));
const fromServer = (id) => require.resolve(id, { paths: [serverDir] });
const leveldbAdapterDir = path.dirname(fromServer('pouchdb-adapter-leveldb/package.json'));
// pouchdb-server's own dependencies, resolved where it finds them (not listed here: its version
// of each is the one to patch; knip.jsonc says so).
const leveldbCoreFile = require.resolve('pouchdb-adapter-leveldb-core', {
  paths: [leveldbAdapterDir],
});

/** Lines the API logs at their level (EmbeddedCouch reads them from this process's output). */
const notice = (level, msg, fields) =>
  process.stdout.write(`wayfarer-couch: ${JSON.stringify({ level, msg, ...fields })}\n`);

/** The soft limit on open descriptors, from /proc on Linux; else undefined. */
function fileLimit() {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line && line.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) ? soft : undefined;
  } catch {
    return undefined;
  }
}
const limit = fileLimit();
/** Descriptors a member database may hold open: its files and its views' (a generous guess). */
const FDS_PER_DB = 16;
/** Descriptors kept for everything else: sockets, the server databases, logs. */
const RESERVED_FDS = 128;
const configured = Number(process.env.WAYFARER_MAX_DBS_OPEN);
const maxDbsOpen =
  Number.isInteger(configured) && configured > 0
    ? configured
    : Math.max(8, Math.min(500, Math.floor(((limit ?? 1024) - RESERVED_FDS) / FDS_PER_DB)));
const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
notice(
  'info',
  `open databases: at most ${maxDbsOpen} (descriptor limit ${limit ?? 'unknown'}); ${threads} worker threads`,
  { maxDbsOpen, fileLimit: limit ?? null, threads },
);

// Closing a leveldb database closes the view indexes of every database (pouchdb-adapter-leveldb-
// core closes all `-mrview-` stores), which breaks the views of databases still open: close only
// its own. Fails loudly if the library changes.
const ALL_VIEWS = '.filter(k => k.includes("-mrview-"));';
const OWN_VIEWS = '.filter(k => k.startsWith(name + "-mrview-"));';

// A read with `latest=true` of a revision the document does not have (a document get with `rev`
// or `open_revs`, or a `_bulk_get` entry) throws inside a LevelDB callback, and the uncaught
// error ends the process. Answer it as CouchDB does: that revision is missing. (The sync gateway
// sends PouchDB's `latest=true` as it comes, without first asking `_revs_diff`.)
const LATEST_THROWS = 'rev = opts.latest ? pouchdbMerge.latest(opts.rev, metadata) : opts.rev;';
const LATEST_MISSING = [
  'rev = opts.rev;',
  'if (opts.latest) {',
  '  try { rev = pouchdbMerge.latest(opts.rev, metadata); }',
  "  catch (e) { return callback(pouchdbErrors.createError(pouchdbErrors.MISSING_DOC, 'missing')); }",
  '}',
].join('\n');

// Every request with a user name and password (the API's, the sync gateway's) checks them: the
// account read twice from _users, its password derived again (PBKDF2), a session made and checked
// (two HMACs), about 6 % of the server's CPU in the chat benchmark. A successful check is kept for
// 5 s per exact Authorization header (keptSessions below): a changed password or role
// applies within that time here, as a cached session would on CouchDB.
const authenticationFile = fromServer('express-pouchdb/lib/routes/authentication.js');
const BASIC_AUTH = '      return buildBasicAuthSession(req);';
const KEPT_BASIC_AUTH =
  "      return global[Symbol.for('wayfarer.keptSessions')](req, buildBasicAuthSession);";

// Every request to a database first checks that it exists: express-pouchdb lists every database
// (pouchdb-all-dbs: an array of all names, then each name decoded) and searches the list, one
// request at a time through pouchdb-all-dbs's queue, which runs one task per turn of the event
// loop. That is work in proportion to the number of accounts on every request (about 3 % of the
// server's CPU in the chat benchmark with 100 accounts, and growing with each member), and a
// queue every request waits in. Here the check looks the name up in pouchdb-all-dbs's own
// cache when nothing is queued before it (no database being created or deleted, whose change
// it must see); otherwise, or before the cache is loaded, it waits its turn in the queue and
// searches the list as before. A name that could be written encoded (with a `%`) is compared
// decoded, as the list is. (express-pouchdb installs pouchdb-all-dbs on pouchdb-server's
// PouchDB, which lists no databases itself, so the check can call its `hasDb`.) Fails loudly if
// the library changes.
const allDbsFile = require.resolve('pouchdb-all-dbs', {
  paths: [path.dirname(fromServer('express-pouchdb/package.json'))],
});
const RESET_ALL_DBS = '  Pouch.resetAllDbs = utils.toPromise(function (callback) {';
const HAS_DB_THEN_RESET = [
  '  Pouch.hasDb = function (name, callback) {',
  '    if (!cache || !pouch || queue.running || queue.queue.length) {',
  '      return Pouch.allDbs(function (err, dbs) {',
  '        if (err) { return callback(err); }',
  '        callback(null, dbs.indexOf(name) !== -1);',
  '      });',
  '    }',
  "    if (name.indexOf('%') === -1 && Object.prototype.hasOwnProperty.call(cache, prefixed(name))) {",
  '      return callback(null, true);',
  '    }',
  '    callback(null, Object.keys(cache).some(function (key) {',
  '      try { return decodeURIComponent(unprefixed(key)) === name; } catch (e) { return false; }',
  '    }));',
  '  };',
  '',
  RESET_ALL_DBS,
].join('\n');
const utilsFile = fromServer('express-pouchdb/lib/utils.js');
const LIST_DBS = [
  '  req.PouchDB.allDbs(function (err, dbs) {',
  '    if (err) {',
  '      return exports.sendError(res, err);',
  '    }',
  '',
  '    if (dbs.indexOf(dbName) === -1) {',
].join('\n');
const HAS_DB = [
  '  req.PouchDB.hasDb(dbName, function (err, exists) {',
  '    if (err) {',
  '      return exports.sendError(res, err);',
  '    }',
  '',
  '    if (!exists) {',
].join('\n');

// The request log builds two lines for every request (the second once it is answered), headers
// sorted and formatted, which the logger then drops: its level is `warning` (EmbeddedCouch's
// config), above both. They are built only when the level would keep them.
const httpLogFile = fromServer('express-pouchdb/lib/routes/http-log.js');
const LOG_EVERY_REQUEST = '  app.use(function (req, res, next) {\n    var method = req.method;';
const LOG_WHEN_KEPT = [
  '  app.use(function (req, res, next) {',
  "    if (app.couchLogger._level > 1) { return next(); } // wayfarer: above 'info', nothing is kept",
  '    var method = req.method;',
].join('\n');

// A request without a session cookie (all of them: the API sends a user name and password)
// made a new Error, stack trace and all, only to fall through to the password check.
const NO_COOKIE = '      throw new Error("No cookie, so no cookie auth.");';
const SHARED_NO_COOKIE = "      throw global[Symbol.for('wayfarer.noCookie')];";

// Every error a database answers (a document not found: each new document a validated write
// looks for first, each missing revision a pull asks for) formatted its stack trace at once,
// only to keep it; it is now captured and formatted only if read.
const errorsFile = require.resolve('pouchdb-errors', { paths: [path.dirname(leveldbCoreFile)] });
const STACK_FORMATTED = '      this.stack = (new Error()).stack;';
const STACK_CAPTURED = '      Error.captureStackTrace(this, CustomPouchError);';

// A view's index is read one query at a time: pouchdb-abstract-mapreduce puts every query of a
// view in the view's queue, behind the one before and the index update each query first asks
// for, so ten searches at once waited for each other's LevelDB reads while the server's thread
// idled (about 60 % busy, one search's latency times ten; bench/README.md, gig-search). CouchDB
// reads an index while others read it. Here the queries that meet share one turn of the queue
// (view-turns.cjs): they run together; an update (or a clean-up) queued after them waits until
// they are done, and queries after it wait for it, so a query still reads an index at least as
// new as the update it asked for. And the update a query asks for first is not queued when the
// index is already at the database's update sequence (nothing to index: the queued update would
// have read an empty change feed). Fails loudly if the library changes.
const mapreduceFile = require.resolve('pouchdb-abstract-mapreduce', {
  paths: [path.dirname(fromServer('pouchdb-mapreduce/package.json'))],
});
const QUEUE_ADD = 'TaskQueue.prototype.add = function (promiseFactory) {\n';
const QUEUE_ADD_CLOSING = `${QUEUE_ADD}  global[Symbol.for('wayfarer.closeReadTurn')](this);\n`;
const QUERY_IN_QUEUE = [
  '  function queryView(view, opts) {',
  '    return pouchdbMapreduceUtils.sequentialize(getQueue(view), function () {',
  '      return queryViewInQueue(view, opts);',
  '    })();',
].join('\n');
const QUERY_IN_TURN = [
  '  function queryView(view, opts) {',
  "    return global[Symbol.for('wayfarer.readTurn')](getQueue(view), function () {",
  '      return queryViewInQueue(view, opts);',
  '    });',
].join('\n');
const UPDATE_QUEUED = [
  '  function updateView(view, opts) {',
  '    return pouchdbMapreduceUtils.sequentialize(getQueue(view), function () {',
  '      return updateViewInQueue(view, opts);',
  '    })();',
].join('\n');
const UPDATE_UNLESS_CURRENT = [
  '  function updateView(view, opts) {',
  "    return global[Symbol.for('wayfarer.unlessCurrent')](view, function () {",
  '      return pouchdbMapreduceUtils.sequentialize(getQueue(view), function () {',
  '        return updateViewInQueue(view, opts);',
  '      })();',
  '    });',
].join('\n');

// An index update stopped after the first read of the change feed that came back shorter than
// a batch. But the LevelDB adapter's feed reads a snapshot of the sequence and, for each entry,
// the document's metadata as it is now: a document changed after the snapshot is left out (its
// newer entry is not in the snapshot), so an update running while a background job rewrote a
// just-created project left that project out, and a query right after it (projects.int, once
// queries of a view stopped queueing behind each other) did not list a project created before it.
// The update now reads again until a read finds nothing: a document left out for a newer entry
// is then read at that entry.
const BATCH_SHORT = [
  '      if (results.length < opts.changes_batch_size) {',
  '        return;',
  '      }',
  '      return processNextBatch();',
].join('\n');
const UNTIL_EMPTY = '      return processNextBatch();';

/** The fixes of each patched file: [what it says, what it says instead]. */
const FIXES = new Map([
  [validationFile, [[BUGGY, FIXED]]],
  [
    authenticationFile,
    [
      [BASIC_AUTH, KEPT_BASIC_AUTH],
      [NO_COOKIE, SHARED_NO_COOKIE],
    ],
  ],
  [allDbsFile, [[RESET_ALL_DBS, HAS_DB_THEN_RESET]]],
  [utilsFile, [[LIST_DBS, HAS_DB]]],
  [httpLogFile, [[LOG_EVERY_REQUEST, LOG_WHEN_KEPT]]],
  [errorsFile, [[STACK_FORMATTED, STACK_CAPTURED]]],
  [
    mapreduceFile,
    [
      [QUEUE_ADD, QUEUE_ADD_CLOSING],
      [QUERY_IN_QUEUE, QUERY_IN_TURN],
      [UPDATE_QUEUED, UPDATE_UNLESS_CURRENT],
      [BATCH_SHORT, UNTIL_EMPTY],
    ],
  ],
  [
    leveldbCoreFile,
    [
      [ALL_VIEWS, OWN_VIEWS],
      [LATEST_THROWS, LATEST_MISSING],
    ],
  ],
]);

const loadJs = Module._extensions['.js'];
Module._extensions['.js'] = function (module, filename) {
  const fixes = FIXES.get(filename);
  if (!fixes) return loadJs(module, filename);
  let source = fs.readFileSync(filename, 'utf8');
  for (const [from, to] of fixes) {
    if (!source.includes(from))
      throw new Error(`${filename} changed: re-check the fix in couch/src/child.cjs`);
    source = source.replace(from, to);
  }
  module._compile(source, filename);
};

// Three things the server redoes far more often than their answers change, kept in memory:
const expressDir = path.dirname(fromServer('express-pouchdb/package.json'));
const fromExpress = (id) => require.resolve(id, { paths: [expressDir] });

// - A database's `_security`: express-pouchdb reads it (a LevelDB read of `_local/_security`)
//   before every request to the database, and again for each method a non-admin calls. Kept per
//   open database object (one closed and opened again reads it anew) and dropped when
//   `putSecurity` writes it, the only way it is written (`PUT /{db}/_security`; the sync gateway
//   refuses `_local/_security`, and nothing else writes local documents on a client's behalf).
//   Each caller gets its own copy: pouchdb-security fills the copy in.
const security = require(fromExpress('pouchdb-security'));
const securityOf = new WeakMap();
const readSecurity = security.getSecurity;
const writeSecurity = security.putSecurity;
const callbackOf = (args) => args.find((a) => typeof a === 'function');
function answer(promise, callback) {
  if (callback) promise.then((value) => callback(null, value), callback);
  return promise;
}
security.getSecurity = function (...args) {
  return keptSecurity(this, args);
};
function keptSecurity(db, args) {
  let kept = securityOf.get(db);
  if (!kept) {
    kept = Promise.resolve(readSecurity.call(db));
    securityOf.set(db, kept);
    kept.catch(() => securityOf.get(db) === kept && securityOf.delete(db));
  }
  return answer(
    kept.then((value) => structuredClone(value)),
    callbackOf(args),
  );
}
security.putSecurity = function (...args) {
  return writtenSecurity(this, args);
};
function writtenSecurity(db, args) {
  const callback = callbackOf(args);
  securityOf.delete(db);
  const written = Promise.resolve(
    writeSecurity.apply(
      db,
      args.filter((a) => a !== callback),
    ),
  );
  const forget = () => securityOf.delete(db);
  written.then(forget, forget);
  return answer(written, callback);
}

/**
 * Answers kept `ms` per key (the size on disk, a password check below): `make()` once per key
 * and period, its promise shared meanwhile; one that fails, or that `keep` turns down, is asked
 * again next time. Once `max` keys are kept, those not asked for in `ms` go.
 */
function keptFor(ms, max, keep = () => true) {
  const entries = new Map();
  const drop = (key, entry) => entries.get(key) === entry && entries.delete(key);
  return (key, make) => {
    const now = Date.now();
    const found = entries.get(key);
    if (found && now - found.at <= ms) return found.value;
    if (entries.size >= max)
      for (const [k, entry] of entries) if (now - entry.at > ms) entries.delete(k);
    const entry = { at: now, value: Promise.resolve(make()) };
    entries.set(key, entry);
    entry.value.then(
      (value) => keep(value) || drop(key, entry),
      () => drop(key, entry),
    );
    return entry.value;
  };
}

// - A database's size on disk (`disk_size` in its information, which CouchDB 3 no longer has:
//   nothing of ours reads it): pouchdb-size walks the database's folder (a stat a file) on every
//   `GET /{db}`, and on every feed opened with `since=now` — about a tenth of the server's CPU in
//   the chat benchmark. Measured again at most every 10 s per database.
const size = require(fromExpress('pouchdb-size'));
const measureSize = size.getDiskSize;
const keptSize = keptFor(10_000, 1000);
size.getDiskSize = function (...args) {
  const key = `${(this.__opts && this.__opts.prefix) || ''}${this.name}`;
  return answer(
    keptSize(key, () => measureSize.call(this)),
    callbackOf(args),
  );
};

// - The session a user name and password give (see authenticationFile above): only successful
//   checks are kept; each request gets its own copy (express-pouchdb adds to it).
const keptSession = keptFor(
  5_000,
  100,
  (session) => !!(session && session.info && session.info.authenticated),
);
global[Symbol.for('wayfarer.keptSessions')] = function keptSessions(req, build) {
  const header = req.headers.authorization;
  if (!header) return build(req);
  return keptSession(header, () => build(req)).then((session) => structuredClone(session));
};

// - The one error a request without a session cookie falls through with (NO_COOKIE above).
global[Symbol.for('wayfarer.noCookie')] = new Error('No cookie, so no cookie auth.');

// - The turns of a view's queue that queries share, and the update not queued when the index is
//   current (mapreduceFile above; view-turns.cjs).
const { readTurn, closeReadTurn, unlessCurrent } = require('./view-turns.cjs');
global[Symbol.for('wayfarer.readTurn')] = readTurn;
global[Symbol.for('wayfarer.closeReadTurn')] = closeReadTurn;
global[Symbol.for('wayfarer.unlessCurrent')] = unlessCurrent;

const dbs = require(fromServer('express-pouchdb/lib/create-or-delete-dbs.js'));
const cleanFilename = require(fromServer('express-pouchdb/lib/clean-filename.js'));
/** Requests using each database now: one in use is never closed. */
const users = new Map();
/** Databases being closed: a request for one waits until it is, then opens it again. */
const closing = new Map();
let overLimitSince = 0;

const isSystem = (name) => name.startsWith('_') || name.startsWith('pouch__');

function closeDb(name, db) {
  const views = Object.values(db._cachedViews || {});
  const done = Promise.resolve()
    .then(() => db.close())
    .then(() =>
      Promise.all(
        views.map((view) =>
          Promise.resolve(view)
            .then((v) => v && v.db && !v.db._closed && v.db.close())
            .catch(() => undefined),
        ),
      ),
    )
    .catch((error) =>
      notice('warn', `closing the database ${name} failed`, { error: String(error) }),
    )
    .then(() => closing.delete(name));
  closing.set(name, done);
}

/** Closes the least recently used databases no request is using, down to the limit. */
function trim(map) {
  if (map.size <= maxDbsOpen) return;
  for (const [name, db] of map) {
    if (map.size <= maxDbsOpen) break;
    if (isSystem(name) || (users.get(name) ?? 0) > 0) continue;
    map.delete(name);
    closeDb(name, db);
  }
  if (map.size > maxDbsOpen && Date.now() - overLimitSince > 60_000) {
    overLimitSince = Date.now();
    notice('warn', `more than ${maxDbsOpen} databases in use at once: none could be closed`, {
      open: map.size,
      maxDbsOpen,
    });
  }
}

const getOrCreateDB = dbs.getOrCreateDB;
dbs.getOrCreateDB = function (PouchDB, name) {
  return Promise.resolve(closing.get(name))
    .then(() => getOrCreateDB(PouchDB, name))
    .then((db) => {
      const map = PouchDB.__dbCacheMap;
      // Most recently used last.
      map.delete(name);
      map.set(name, db);
      trim(map);
      return db;
    });
};

// Loaded after the patch above: it keeps its own reference to getOrCreateDB.
const utils = require(fromServer('express-pouchdb/lib/utils.js'));
const setDBOnReq = utils.setDBOnReq;
utils.setDBOnReq = function (dbName, dbWrapper, req, res, next) {
  const name = cleanFilename(dbName);
  users.set(name, (users.get(name) ?? 0) + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = users.get(name) - 1;
    if (left > 0) users.set(name, left);
    else users.delete(name);
  };
  res.once('finish', release);
  res.once('close', release);
  return setDBOnReq(dbName, dbWrapper, req, res, next);
};

// Running out of a resource is a 503 naming it, and a line in the API's log; never a 404 or a
// bare 500.
const RESOURCE = /EMFILE|ENFILE|too many open files|ENOMEM|ENOSPC|no space left/i;
const sendError = utils.sendError;
utils.sendError = function (res, err, baseStatus) {
  const text = err
    ? `${err.code || ''} ${err.name || ''} ${err.message || ''} ${err.reason || ''}`
    : '';
  if (RESOURCE.test(text)) {
    const resource = /ENOSPC|no space/i.test(text)
      ? 'disk space'
      : /ENOMEM/i.test(text)
        ? 'memory'
        : 'open file descriptors';
    notice('error', `the database server ran out of ${resource}`, {
      resource,
      error: String(err.message || err.reason || err.code),
      path: res.req && res.req.originalUrl,
    });
    return utils.sendJSON(res, 503, {
      error: 'service_unavailable',
      reason: `The database server ran out of ${resource}.`,
    });
  }
  return sendError(res, err, baseStatus);
};

process.on('disconnect', () => process.exit(0));
process.argv = [process.argv[0], 'pouchdb-server', ...process.argv.slice(2)];
require('pouchdb-server/lib/index.js');
