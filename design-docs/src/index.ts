export { loadDesign, DESIGN_DOCS_ROOT, hashOf, stripLeadingComments } from './load';
export type { DatabaseDesign, JsDesignDoc, MangoIndex } from './load';
export { pushDesign } from './push';
export type { PushResult } from './push';
export { swapStaged } from './stage';
export type { StagedDesign, SwapResult } from './stage';
export { deployServerDesign, USERDB_FOLDER } from './deploy';
