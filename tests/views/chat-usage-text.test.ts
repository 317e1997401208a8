// Tokens and cost as the chat writes them: short, and close to the real number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costText, tokensText } from '../../src/views/chat/usage-text';

describe('costText', () => {
  it('writes cents to the cent and less than a cent to a hundredth of a cent, without trailing zeros', () => {
    expect([0, 0.00001, 0.003, 0.0021, 0.0099, 0.01, 1.234].map(costText)).toEqual(['$0', '<$0.0001', '$0.003', '$0.0021', '$0.0099', '$0.01', '$1.23']);
  });

  it('is within its rounding of the real cost, for any cost (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.0001, max: 10_000, noNaN: true }), (usd) => {
        const text = costText(usd);
        const value = Number(text.slice(1));
        expect(Math.abs(value - usd)).toBeLessThanOrEqual(usd < 0.01 ? 0.00005 : 0.005 + 1e-9);
        if (usd < 0.01) expect(text).not.toMatch(/\.\d*0$/);
      }),
    );
  });
});

describe('tokensText', () => {
  it('writes thousands as k', () => {
    expect([0, 999, 1000, 9_949, 10_000, 16_000].map(tokensText)).toEqual(['0', '999', '1.0k', '9.9k', '10k', '16k']);
  });
});
