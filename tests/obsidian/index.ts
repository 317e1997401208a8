// The project's Obsidian test runtime: obsidian-test-mocks' in-memory implementation of
// obsidian.d.ts, with Steward's own faithful vault side layered on top (see vault-layer issue).
export * from 'obsidian-test-mocks/obsidian';
