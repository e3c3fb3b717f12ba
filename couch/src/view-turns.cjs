// How the embedded server's views are read (child.cjs patches pouchdb-abstract-mapreduce to use
// these): pouchdb-abstract-mapreduce keeps one queue of tasks per view (TaskQueue: each task
// starts when the one before it is done) and put every query in it, so queries of a view ran one
// at a time. Here queries share turns of that queue instead.
'use strict';

/**
 * Runs `read` (a query of the view whose queue this is) in the queue's current turn of reads. A
 * turn is one task of the queue: it starts when the tasks before it are done, lets in every
 * query that comes while it is the queue's last task (they run together), and ends once it is no
 * longer the last one (closeReadTurn: an update or a clean-up was queued after it) and its
 * queries are done. So a query never runs while an update queued before it has not finished,
 * and an update never runs while a query queued before it is reading.
 */
function readTurn(queue, read) {
  let turn = queue.wayfarerReadTurn;
  if (!turn) {
    let open;
    let settle;
    turn = { members: 0, closed: false };
    turn.gate = new Promise((resolve) => (open = resolve));
    const finished = new Promise((resolve) => (settle = resolve));
    turn.settle = settle;
    // Appended as TaskQueue.add appends (a failed task before does not stop it), without closing
    // the turn as add does.
    queue.promise = queue.promise
      .catch(() => undefined)
      .then(() => {
        open();
        return finished;
      });
    queue.wayfarerReadTurn = turn;
  }
  turn.members += 1;
  const leave = () => {
    turn.members -= 1;
    if (turn.closed && turn.members === 0) turn.settle();
  };
  return turn.gate.then(read).finally(leave);
}

/** Called as any other task is queued (TaskQueue.add): the turn of reads lets no query in now. */
function closeReadTurn(queue) {
  const turn = queue.wayfarerReadTurn;
  if (!turn) return;
  queue.wayfarerReadTurn = undefined;
  turn.closed = true;
  if (turn.members === 0) turn.settle();
}

/**
 * The update a query asks for first, `update()`, unless the view's index is already at its
 * database's update sequence (which the LevelDB adapter holds in memory): then there is nothing
 * to index, and queueing it would only make the query wait for the reads before it. When that
 * cannot be told, it is queued.
 */
function unlessCurrent(view, update) {
  return Promise.resolve()
    .then(() => view.sourceDB.info())
    .then(
      (info) => (info && info.update_seq === view.seq ? undefined : update()),
      () => update(),
    );
}

module.exports = { readTurn, closeReadTurn, unlessCurrent };
