// A provider driver whose SDK is loaded on the first request, not when the plugin starts: the two
// SDKs are a quarter of main.js, and evaluating them on every Obsidian start (phones included)
// cost more than the rest of `onload`. The bundler turns each `import()` into a module evaluated
// on first call (esbuild's lazy module wrappers; main.js stays one file).
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
    // Before the SDK is loaded the only possible failure is loading it.
    classify: (error) =>
      loaded?.classify(error) ??
      (error instanceof LlmError ? error : new LlmError('config', `The model client could not be loaded: ${error instanceof Error ? error.message : String(error)}`)),
  };
}
