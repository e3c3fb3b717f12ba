import { describe, expect, it } from 'vitest';
import {
  conversationDocId,
  conversationIdFor,
  conversationLink,
  draftId,
  jobMirrorId,
  projectMirrorId,
  applicationMirrorId,
  messageDocId,
  notificationId,
  orderMirrorId,
  projectBoxId,
  readMarkerId,
  USERDB_DOC_TYPES,
  USERDB_PREFIX,
  wishlistItemId,
} from './userdb-rules';

describe('user database ids', () => {
  it('names one conversation per pair, whoever starts it', () => {
    expect(conversationIdFor('b1', 'a2')).toBe('conv:a2:b1');
    expect(conversationIdFor('a2', 'b1')).toBe('conv:a2:b1');
  });

  it('builds every document id under its type prefix', () => {
    const ids = {
      wishlist_item: wishlistItemId('wishlist:l1', 'gig', 'g1'),
      draft: draftId('gig', 'new'),
      projectbox: projectBoxId('p1'),
      read_marker: readMarkerId('conv:a:b'),
      message: messageDocId('m1'),
      conversation: conversationDocId('conv:a:b'),
      notification: notificationId('message', 'm1'),
      order_mirror: orderMirrorId('o1'),
      job_mirror: jobMirrorId('j1'),
      project_mirror: projectMirrorId('p1'),
      application_mirror: applicationMirrorId('p1:u:s1'),
    };
    expect(ids).toEqual({
      wishlist_item: 'wishitem:wishlist:l1:gig:g1',
      draft: 'draft:gig:new',
      projectbox: 'projectbox:p1',
      read_marker: 'readmark:conv:a:b',
      message: 'message:m1',
      conversation: 'conversation:conv:a:b',
      notification: 'notification:message:m1',
      order_mirror: 'order:o1',
      job_mirror: 'job:j1',
      project_mirror: 'project:p1',
      application_mirror: 'application:p1:u:s1',
    });
    for (const [type, id] of Object.entries(ids))
      expect(id.startsWith(USERDB_DOC_TYPES[type as keyof typeof ids].prefix)).toBe(true);
    expect(ids.notification.startsWith(USERDB_PREFIX.messageNotification)).toBe(true);
  });

  it('links a message notification to its conversation', () => {
    expect(conversationLink('conv:a:b')).toBe('/inbox/conv%3Aa%3Ab');
  });
});
