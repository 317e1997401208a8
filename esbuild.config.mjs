// `node esbuild.config.mjs` watches (dev, inline sourcemaps); `... production` builds once, minified.
import esbuild from 'esbuild';
import { cliOptions, pluginOptions } from './esbuild.options.mjs';

const production = process.argv[2] === 'production';

if (production) {
  await Promise.all([esbuild.build(pluginOptions(true)), esbuild.build(cliOptions(true))]);
} else {
  const contexts = await Promise.all([esbuild.context(pluginOptions(false)), esbuild.context(cliOptions(false))]);
  await Promise.all(contexts.map((c) => c.watch()));
}
