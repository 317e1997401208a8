import type { BuildOptions } from 'esbuild';

export function pluginOptions(production: boolean, outfile?: string): BuildOptions;
export function cliOptions(production: boolean, outfile?: string): BuildOptions;
