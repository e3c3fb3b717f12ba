// The part of PouchDB the API's tests use. @types/pouchdb is for the web app: it pulls the DOM
// library into whatever imports it, which changes Node's Buffer types in this project.
declare module 'pouchdb' {
  interface ReplicationResult {
    ok: boolean;
    docs_read: number;
    docs_written: number;
    doc_write_failures: number;
    errors: unknown[];
  }
  interface ReplicationEvents {
    on(
      event: 'change' | 'complete' | 'paused' | 'active' | 'denied' | 'error',
      listener: (value: unknown) => void,
    ): this;
    cancel(): void;
  }
  interface ChangesFeed {
    on(
      event: 'change',
      listener: (change: { id: string; seq: number | string; deleted?: boolean }) => void,
    ): this;
    on(event: 'complete' | 'error', listener: (value: unknown) => void): this;
    cancel(): void;
  }
  interface Replicate {
    to(
      target: PouchDB | string,
      options?: Record<string, unknown>,
    ): Promise<ReplicationResult> & ReplicationEvents;
    from(
      source: PouchDB | string,
      options?: Record<string, unknown>,
    ): Promise<ReplicationResult> & ReplicationEvents;
  }
  class PouchDB {
    constructor(
      name: string,
      options?: { fetch?: (url: string, init?: RequestInit) => Promise<Response> } & Record<
        string,
        unknown
      >,
    );
    static fetch(url: string, init?: RequestInit): Promise<Response>;
    put(doc: Record<string, unknown>): Promise<{ ok: boolean; id: string; rev: string }>;
    get(
      id: string,
      options?: Record<string, unknown>,
    ): Promise<Record<string, unknown> & { _id: string; _rev: string }>;
    allDocs(
      options?: Record<string, unknown>,
    ): Promise<{ total_rows: number; rows: { id: string; doc?: Record<string, unknown> }[] }>;
    bulkDocs(docs: Record<string, unknown>[]): Promise<unknown[]>;
    info(): Promise<{ doc_count: number; update_seq: number | string }>;
    replicate: Replicate;
    sync(other: PouchDB, options?: Record<string, unknown>): ReplicationEvents;
    changes(options?: Record<string, unknown>): ChangesFeed;
    close(): Promise<void>;
    destroy(): Promise<void>;
  }
  export default PouchDB;
}
