// Bundles the test page once for the whole run (each test file runs in its own process and would
// otherwise rebuild it), and hands the bundle to the files through vitest's provide/inject.
import type { TestProject } from 'vitest/node';
import { bundleHarness } from './test-page';

declare module 'vitest' {
  export interface ProvidedContext {
    harnessBundle: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('harnessBundle', await bundleHarness());
}
