// The CLI's HTML parser for page extraction: linkedom, a small DOM that runs under plain Node.
// (The plugin uses the browser's DOMParser instead, see dom-parser-parse-html.ts.)

import { parseHTML } from 'linkedom';
import type { ParseHtml } from './extract-page';

export const linkedomParseHtml: ParseHtml = (html) => parseHTML(html).document;
