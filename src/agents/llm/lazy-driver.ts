// A provider driver loaded on the first request, not when the plugin starts: nothing of a
// provider's wire client is evaluated on an Obsidian start (phones included) that makes no model
// call. (When the drivers sat on the official SDKs, a quarter of main.js, this halved `onload`.)
// The bundler turns each `import()` into a module evaluated on first call (esbuild's lazy module
// wrappers; main.js stays one file).
import { LlmError } from './llm-error';
import type { ProviderDriver } from './provider-driver';

export function lazyDriver(load: () => Promise<ProviderDriver>): ProviderDriver {
  let loading: Promise<ProviderDriver> | null = null;
  let loaded: ProviderDriver | null = null;
  const driver = (): Promise<ProviderDriver> => {
    loading ??= load().then(
      (d) => (loaded = d),
      (error: unknown) => {
        // A failed load is tried again on the next request rather than remembered.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    complete: async (call) => (await driver()).complete(call),
    openStream: async (call) => (await driver()).openStream(call),
    listModels: async (signal) => (await driver()).listModels(signal),
    // Before the driver is loaded the only possible failure is loading it.
    classify: (error) =>
      loaded?.classify(error) ??
      (error instanceof LlmError ? error : new LlmError('config', `The model client could not be loaded: ${error instanceof Error ? error.message : String(error)}`)),
  };
}
