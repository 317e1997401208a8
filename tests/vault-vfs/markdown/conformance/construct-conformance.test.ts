// Reeve's own variants (construct-variants.ts): each construct with each kind of link, against
// the same reference as the spec suite. No allow-list: these are the constructs the link rewriter
// meets in notes, and all of them must agree.

import { describe, expect, it } from 'vitest';
import { CONSTRUCTS, LINK_KINDS, fill } from './construct-variants';
import { referenceLandmarks } from './reference-oracle';
import { reeveLandmarks } from './reeve-landmarks';

describe('links placed in every construct', () => {
  for (const [kind, link] of Object.entries(LINK_KINDS)) {
    it.each(Object.entries(CONSTRUCTS))(`%s, with a ${kind}`, (_name, template) => {
      const text = fill(template, link);
      expect(reeveLandmarks(text)).toEqual(referenceLandmarks(text));
    });
  }
});
