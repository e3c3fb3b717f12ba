export { EmbeddedCouch, freePort } from './embedded';
export type {
  EmbeddedCouchOptions,
  EmbeddedNotice,
  CouchCredentials,
  EmbeddedState,
} from './embedded';
export {
  bootstrapServer,
  couchNames,
  SERVER_DATABASES,
  serverSecurity,
  ensureDatabase,
} from './bootstrap';
export type { ServerDatabaseKey, ServerDatabaseNames } from './bootstrap';
export { ensureGatewayAccount, GATEWAY_USER, GATEWAY_ROLE } from './gateway-account';
