// Every write to a user database passes here. Writes by a server admin (the API) are the
// server's and pass; every other writer is the user, through the sync gateway. A user may
// write only their own document types, in their documented shape, and may only mark
// notifications read. ES5 only: it runs in CouchDB's JavaScript engine.
function (newDoc, oldDoc, userCtx) {
  if (userCtx.roles.indexOf('_admin') !== -1) return;

  function deny(message) {
    throw { forbidden: message };
  }
  function isString(value, min, max) {
    return typeof value === 'string' && value.length >= min && value.length <= max;
  }
  function isDate(value) {
    return typeof value === 'string' && !isNaN(Date.parse(value));
  }
  function isObject(value) {
    return !!value && typeof value === 'object' && !Array.isArray(value);
  }
  function requireString(field, min, max) {
    if (!isString(newDoc[field], min, max)) {
      deny(field + ' must be text of ' + min + ' to ' + max + ' characters.');
    }
  }
  function requireDate(field) {
    if (!isDate(newDoc[field])) deny(field + ' must be an ISO 8601 date.');
  }
  function onlyFields(allowed) {
    for (var key in newDoc) {
      if (key.charAt(0) !== '_' && allowed.indexOf(key) === -1) deny('Unknown field ' + key + '.');
    }
  }
  function sameExcept(fields) {
    var key;
    for (key in oldDoc) {
      if (key.charAt(0) === '_' || fields.indexOf(key) !== -1) continue;
      if (JSON.stringify(oldDoc[key]) !== JSON.stringify(newDoc[key])) deny('Only ' + fields.join(', ') + ' may change.');
    }
    for (key in newDoc) {
      if (key.charAt(0) !== '_' && !(key in oldDoc) && fields.indexOf(key) === -1) deny('Unknown field ' + key + '.');
    }
  }

  // A wishlist item's picture: the app's own image paths (a gig's image, a member's avatar) or
  // an https URL. The same patterns as api/src/schemas/wishlist-image.ts (a test compares them).
  var OWN_IMAGE_PATH = /^\/api\/(?:gigs\/[A-Za-z0-9_-]{1,64}\/images\/[A-Za-z0-9_-]{1,64}|files\/avatar\/[A-Za-z0-9_-]{1,64}(?:\?v=[A-Za-z0-9_-]{1,64})?)$/;
  var HTTPS_IMAGE_URL = /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~!$&*+,;=:@%/-]*)?(?:\?[A-Za-z0-9._~!$&*+,;=:@%/?-]*)?$/;
  function isWishlistImage(value) {
    return typeof value === 'string' && value.length <= 500 && (OWN_IMAGE_PATH.test(value) || HTTPS_IMAGE_URL.test(value));
  }

  var SERVER_TYPES = ['notification', 'order_mirror', 'wallet_mirror', 'conversation', 'job_mirror', 'project_mirror', 'application_mirror'];
  var USER_TYPES = ['wishlist', 'wishlist_item', 'draft', 'projectbox', 'read_marker'];
  // What a party may do to an order while offline (api/src/schemas/orders.ts, OFFLINE_ORDER_ACTIONS).
  var ORDER_ACTIONS = ['accept', 'revision', 'cancel', 'cancel_accept', 'cancel_decline', 'dispute', 'start', 'deliver'];
  var RELATIONS = ['saved', 'posted', 'applied', 'joined'];

  if (newDoc._deleted) {
    if (!oldDoc) return;
    if (oldDoc.type === 'projectbox') {
      for (var r = 0; r < oldDoc.relations.length; r++) {
        if (oldDoc.relations[r] !== 'saved') deny('This project box entry is kept by the server.');
      }
      return;
    }
    if (oldDoc.type === 'message') {
      if (oldDoc.status !== 'pending' && oldDoc.status !== 'failed') deny('A sent message cannot be deleted.');
      return;
    }
    // An order action may be withdrawn before it syncs, and cleared once decided.
    if (oldDoc.type === 'order_action') return;
    if (USER_TYPES.indexOf(oldDoc.type) === -1) deny('Documents of type ' + oldDoc.type + ' are written by the server.');
    return;
  }

  var type = newDoc.type;
  if (oldDoc && !oldDoc._deleted && oldDoc.type !== type) deny('The type of a document cannot change.');

  if (type === 'notification') {
    if (!oldDoc || oldDoc._deleted) deny('Notifications are written by the server.');
    sameExcept(['read_at']);
    if (newDoc.read_at !== null && !isDate(newDoc.read_at)) deny('read_at must be an ISO 8601 date or null.');
    return;
  }
  if (SERVER_TYPES.indexOf(type) !== -1) deny('Documents of type ' + type + ' are written by the server.');

  if (type === 'message') {
    // The user writes only outgoing messages waiting for delivery; the server does the rest.
    if (oldDoc && !oldDoc._deleted && oldDoc.status !== 'pending') deny('A message is changed only by the server once sent.');
    onlyFields(['type', 'id', 'to', 'body', 'created_at', 'status', 'subject']);
    if (newDoc.status !== 'pending') deny('A message you write has status pending.');
    if (newDoc.subject !== undefined) {
      // What the conversation is about (a gig, a job...), as the API's sendMessageSchema.
      var subject = newDoc.subject;
      if (!subject || typeof subject !== 'object') deny('subject must be {kind, ref, title}.');
      for (var subjectKey in subject) {
        if (['kind', 'ref', 'title'].indexOf(subjectKey) === -1) deny('Unknown field subject.' + subjectKey + '.');
      }
      if (['gig', 'job', 'order', 'project', 'profile'].indexOf(subject.kind) === -1) deny('subject.kind is gig, job, order, project or profile.');
      if (!isString(subject.ref, 1, 100)) deny('subject.ref must be text of 1 to 100 characters.');
      if (!isString(subject.title, 1, 200)) deny('subject.title must be text of 1 to 200 characters.');
    }
    requireString('id', 8, 64);
    if (newDoc._id !== 'message:' + newDoc.id) deny('A message id is message:<id>.');
    if (!/^[A-Za-z0-9_-]+$/.test(newDoc.id)) deny('id may hold letters, digits, _ and - only.');
    requireString('to', 3, 30);
    if (!isString(newDoc.body, 0, 5000)) deny('A message has at most 5,000 characters.');
    var attachments = newDoc._attachments || {};
    var count = 0;
    for (var name in attachments) {
      count++;
      var att = attachments[name];
      // A stored attachment has a length; an inline one still carries its base64 data.
      var size = typeof att.length === 'number' ? att.length : typeof att.data === 'string' ? Math.floor((att.data.length * 3) / 4) : 0;
      if (size > 10485760) deny('An attachment is at most 10 MB.');
    }
    if (count > 1) deny('A message carries at most one attachment.');
    if (newDoc.body.length === 0 && count === 0) deny('A message needs text or an attachment.');
    requireDate('created_at');
    return;
  }
  if (type === 'order_action') {
    // An action on an order taken offline, applied once by the server when it syncs; the
    // server records the outcome (applied or refused) on it.
    if (oldDoc && !oldDoc._deleted && oldDoc.status !== 'pending') deny('An order action is changed only by the server once applied.');
    onlyFields(['type', 'id', 'order_id', 'action', 'reason', 'message', 'created_at', 'status']);
    if (newDoc.status !== 'pending') deny('An order action you write has status pending.');
    requireString('id', 8, 64);
    if (newDoc._id !== 'orderaction:' + newDoc.id) deny('An order action id is orderaction:<id>.');
    if (!/^[A-Za-z0-9_-]+$/.test(newDoc.id)) deny('id may hold letters, digits, _ and - only.');
    requireString('order_id', 1, 80);
    if (ORDER_ACTIONS.indexOf(newDoc.action) === -1) deny('action is one of ' + ORDER_ACTIONS.join(', ') + '.');
    if (newDoc.reason !== undefined && !isString(newDoc.reason, 0, 2000)) deny('reason has at most 2,000 characters.');
    if (newDoc.message !== undefined && !isString(newDoc.message, 0, 5000)) deny('message has at most 5,000 characters.');
    requireDate('created_at');
    return;
  }
  if (type === 'read_marker') {
    onlyFields(['type', 'conversation_id', 'read_at']);
    requireString('conversation_id', 1, 120);
    if (newDoc._id !== 'readmark:' + newDoc.conversation_id) deny('A read marker id is readmark:<conversation_id>.');
    requireDate('read_at');
    return;
  }
  if (type === 'wishlist') {
    if (newDoc._id.indexOf('wishlist:') !== 0) deny('A wishlist id starts with "wishlist:".');
    onlyFields(['type', 'name', 'visibility', 'created_at', 'updated_at']);
    requireString('name', 1, 60);
    if (newDoc.visibility !== 'public' && newDoc.visibility !== 'private') deny('visibility must be public or private.');
    requireDate('created_at');
    requireDate('updated_at');
    return;
  }
  if (type === 'wishlist_item') {
    onlyFields(['type', 'list_id', 'kind', 'ref', 'title', 'image', 'added_at']);
    requireString('list_id', 1, 100);
    requireString('ref', 1, 200);
    requireString('title', 1, 200);
    if (['gig', 'project', 'user'].indexOf(newDoc.kind) === -1) deny('kind must be gig, project or user.');
    if (newDoc._id !== 'wishitem:' + newDoc.list_id + ':' + newDoc.kind + ':' + newDoc.ref) {
      deny('A wishlist item id is wishitem:<list_id>:<kind>:<ref>.');
    }
    if (newDoc.image !== undefined && newDoc.image !== null && !isWishlistImage(newDoc.image)) {
      deny("image must be one of the app's own image paths or an https URL.");
    }
    requireDate('added_at');
    return;
  }
  if (type === 'draft') {
    onlyFields(['type', 'form', 'key', 'fields', 'updated_at', 'device', 'recovered']);
    requireString('form', 1, 40);
    requireString('key', 1, 100);
    if (newDoc._id !== 'draft:' + newDoc.form + ':' + newDoc.key) deny('A draft id is draft:<form>:<key>.');
    if (!isObject(newDoc.fields)) deny('fields must be an object.');
    if (JSON.stringify(newDoc.fields).length > 200000) deny('A draft holds at most 200 KB of text.');
    if (newDoc.device !== undefined && !isString(newDoc.device, 1, 100)) deny('device must be text of 1 to 100 characters.');
    if (newDoc.recovered !== undefined) {
      // Versions written apart on other devices, kept by conflict resolution.
      if (!Array.isArray(newDoc.recovered)) deny('recovered must be a list.');
      for (var v = 0; v < newDoc.recovered.length; v++) {
        var version = newDoc.recovered[v];
        if (!isObject(version)) deny('recovered holds {rev, fields, updated_at, device}.');
        for (var versionKey in version) {
          if (['rev', 'fields', 'updated_at', 'device'].indexOf(versionKey) === -1) deny('Unknown field recovered.' + versionKey + '.');
        }
        if (typeof version.rev !== 'string') deny('recovered.rev must be text.');
        if (!isObject(version.fields)) deny('recovered.fields must be an object.');
        if (!isDate(version.updated_at)) deny('recovered.updated_at must be an ISO 8601 date.');
        if (version.device !== undefined && !isString(version.device, 1, 100)) deny('recovered.device must be text of 1 to 100 characters.');
      }
    }
    requireDate('updated_at');
    return;
  }
  if (type === 'projectbox') {
    onlyFields(['type', 'project_id', 'title', 'relations', 'notes', 'updated_at']);
    requireString('project_id', 1, 100);
    requireString('title', 1, 200);
    if (newDoc._id !== 'projectbox:' + newDoc.project_id) deny('A project box id is projectbox:<project_id>.');
    if (!isString(newDoc.notes, 0, 5000)) deny('notes must be text of at most 5,000 characters.');
    if (!Array.isArray(newDoc.relations)) deny('relations must be a list.');
    var before = oldDoc && !oldDoc._deleted ? oldDoc.relations : [];
    for (var i = 0; i < RELATIONS.length; i++) {
      var relation = RELATIONS[i];
      if (relation === 'saved') continue;
      if ((before.indexOf(relation) === -1) !== (newDoc.relations.indexOf(relation) === -1)) {
        deny('Only the "saved" relation is yours to change.');
      }
    }
    for (var j = 0; j < newDoc.relations.length; j++) {
      if (RELATIONS.indexOf(newDoc.relations[j]) === -1) deny('Unknown relation ' + newDoc.relations[j] + '.');
    }
    requireDate('updated_at');
    return;
  }
  deny('Unknown document type ' + type + '.');
}
