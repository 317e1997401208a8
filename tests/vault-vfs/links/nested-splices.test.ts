import { describe, expect, it } from 'vitest';
import { applyWithin, mergeNestedSplices } from '../../../src/vault-vfs/links/nested-splices';

describe('nested link edits', () => {
  const text = 'a [![i](x.png)](n.md) b';
  const outer = { start: 2, end: 21, text: '[![i](x.png)](m.md)' };
  const inner = { start: 3, end: 14, text: '![i](y.png)' };

  it('apply the inner edit inside the outer one', () => {
    expect(mergeNestedSplices(text, [inner, outer])).toEqual([{ start: 2, end: 21, text: '[![i](y.png)](m.md)' }]);
    expect(mergeNestedSplices(text, [inner])).toEqual([inner]);
  });

  it('refuse when the outer edit moved the inner link', () => {
    expect(() => mergeNestedSplices(text, [outer, { start: 20, end: 23, text: 'x' }])).toThrow(/overlap/);
    expect(() => mergeNestedSplices(text, [{ ...outer, text: '[other text](m.md)' }, inner])).toThrow(/moves the link inside it/);
  });

  it('tell what each link reads after the edits', () => {
    const merged = mergeNestedSplices(text, [inner, outer]);
    expect(applyWithin('[![i](x.png)](n.md)', 2, merged, [inner, outer])).toBe('[![i](y.png)](m.md)');
    expect(applyWithin('![i](x.png)', 3, merged, [inner, outer])).toBe('![i](y.png)');
    expect(applyWithin('[![i](x.png)](n.md)', 2, [inner], [inner])).toBe('[![i](y.png)](n.md)');
  });
});
