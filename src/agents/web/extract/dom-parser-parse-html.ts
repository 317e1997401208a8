// The plugin's HTML parser for page extraction: the browser's own DOMParser. A document parsed this
// way is inert: its scripts do not run and nothing it references is loaded.

import type { ParseHtml } from './extract-page';

export const domParserParseHtml: ParseHtml = (html) => new DOMParser().parseFromString(html, 'text/html');
