// swagger-ui-dist ships no types; this is the part of its bundle's API the reference page uses
// (https://swagger.io/docs/open-source-tools/swagger-ui/usage/configuration/).
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    url: string;
    validatorUrl: string | null;
    docExpansion?: 'list' | 'full' | 'none';
    /** true: a box that narrows the operations to the tags containing its text. */
    filter?: boolean | string;
    defaultModelsExpandDepth?: number;
    displayRequestDuration?: boolean;
    /** Code highlighting of examples: false, or a highlight.js theme of the bundle's. */
    syntaxHighlight?:
      | false
      | {
          activated?: boolean;
          theme?: 'agate' | 'arta' | 'idea' | 'monokai' | 'nord' | 'obsidian' | 'tomorrow-night';
        };
    onComplete?: () => void;
  }
  export default function SwaggerUI(options: SwaggerUIOptions): unknown;
}
