import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stripLeadingComments, DESIGN_DOCS_ROOT } from '../src/load';

/** The function source of a design file, as it is pushed, by its path below design-docs/. */
export function source(relative: string): string {
  return stripLeadingComments(readFileSync(path.join(DESIGN_DOCS_ROOT, relative), 'utf8'));
}
