import type { Plugin } from 'esbuild';

export function hasLookbehind(literal: string): boolean;
export function guardLookbehindLiterals(text: string, fileName?: string): string | null;
export const guardLookbehind: Plugin;
