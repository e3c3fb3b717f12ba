// Swagger UI (swagger-ui-dist: its prebuilt bundle, with a React of its own) and its stylesheet.
// Imported only by the API reference page, with import(), so they are a chunk of their own that no
// other page downloads and the service worker does not precache (web/vite.config.ts).
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

/** Renders the reference of the OpenAPI document at `url` into `domNode`. */
export function renderApiReference(domNode: HTMLElement, url: string, onComplete: () => void) {
  SwaggerUI({
    domNode,
    url,
    // The default asks validator.swagger.io for a badge: a third-party origin the CSP refuses.
    validatorUrl: null,
    // Sections open as a list of operations; schemas stay folded. From 150 tags and operations
    // on, Swagger UI renders only those near the viewport (the rest as you scroll), so the find
    // box of the browser does not see them all: the filter box narrows the list to a tag.
    docExpansion: 'list',
    filter: true,
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    // The default theme (agate) draws numbers at 3.4:1 on its dark background; idea's colours on
    // white all reach WCAG AA.
    syntaxHighlight: { theme: 'idea' },
    onComplete,
  });
  labelControls(domNode);
}

/**
 * Swagger UI leaves some of "Try it out"'s controls without an accessible name (the request
 * body's editor, the content-type menus, a parameter's value box): each gets one from what the
 * viewer shows beside it, as the viewer adds them.
 */
function labelControls(domNode: HTMLElement) {
  const nameOf = (control: Element): string | null => {
    const param = control.closest('tr[data-param-name]');
    if (param) {
      const where = param.getAttribute('data-param-in');
      return `${param.getAttribute('data-param-name')}${where ? ` (${where})` : ''}`;
    }
    if (control.matches('textarea.body-param__text')) return 'Request body';
    if (control.closest('.body-param-content-type, .content-type-wrapper'))
      return 'Request content type';
    if (control.closest('.response-control-media-type, .responses-inner'))
      return 'Response content type';
    if (control.closest('.servers')) return 'Server';
    return null;
  };
  const label = () => {
    for (const control of domNode.querySelectorAll('textarea, select, input:not([type=hidden])')) {
      if (control.hasAttribute('aria-label') || control.hasAttribute('aria-labelledby')) continue;
      if ((control as HTMLInputElement).labels?.length) continue;
      const name = nameOf(control);
      if (name) control.setAttribute('aria-label', name);
    }
  };
  label();
  new MutationObserver(label).observe(domNode, { childList: true, subtree: true });
}
