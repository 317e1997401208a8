// Readability.js on its own: the package's index also loads `isProbablyReaderable` (1.3 KB of
// main.js, and CommonJS, so it cannot be shaken out), which Reeve does not use. The file exports
// the class itself as `module.exports`; its types are the package's.
declare module '@mozilla/readability/Readability.js' {
  import { Readability } from '@mozilla/readability';
  export = Readability;
}
