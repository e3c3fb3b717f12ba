import type { Role } from '../../schemas';

/** A user account as stored in wf_users (`_id` = `user:<id>`). Never sent to a client as is. */
export interface UserDoc {
  _id: string;
  _rev?: string;
  type: 'user';
  id: string;
  email: string;
  password_hash: string;
  role: Role;
  full_name: string;
  tagname: string | null;
  bio: string;
  expertise: string | null;
  location: string | null;
  languages: string[];
  avatar: string | null;
  cv: string | null;
  status: 'active' | 'suspended';
  email_verified_at: string | null;
  /** Fingerprints of devices (browsers) that signed in before: a new one is notified. */
  known_devices?: string[];
  /**
   * Set at registration until the steps after this document (database, its `_security` and
   * design documents, verification mail, welcome notification) are all done: a registration
   * interrupted between them is completed by a retry, a login or the API's upkeep.
   */
  setup_pending?: true;
  /** Bumped to revoke every session at once (password change, suspension). */
  session_version: number;
  created_at: string;
  updated_at: string;
}

/** Reservation documents make email and tagname unique: CouchDB refuses a second create. */
export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const tagnameKey = (tagname: string) => `tagname:${tagname}`;
export const userKey = (id: string) => `user:${id}`;
