// pouchdb-abstract-mapreduce (the engine of pouchdb-find's indexes) ships no types; this is the
// part lib/local-views.ts uses: a map/reduce whose map functions the caller builds from the
// design document's definitions, queried with `this` the database.
declare module 'pouchdb-abstract-mapreduce' {
  interface ViewRow {
    id: string;
    key: unknown;
    value: unknown;
  }
  interface DesignDoc<Definition> {
    _id: string;
    views?: Record<string, { map?: Definition }>;
  }
  export interface AbstractMapReduce {
    query(
      this: unknown,
      view: string,
      options: { descending?: boolean; reduce?: boolean },
    ): Promise<{ rows: ViewRow[] }>;
  }
  export default function createAbstractMapReduce<Definition>(
    localDocName: string,
    mapper: (
      definition: Definition,
      emit: (key: unknown, value: unknown) => void,
    ) => (doc: Record<string, unknown> & { _id: string }) => void,
    reducer: () => never,
    ddocValidator: (ddoc: DesignDoc<Definition>, viewName: string) => void,
  ): AbstractMapReduce;
}
