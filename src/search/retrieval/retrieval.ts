// One entry point for what the agents (Scout, organize) and the CLI retrieve from a vault:
// keyword, semantic and hybrid search whose hits say why they were found, link walks, tags with
// counts, notes by tag and folder listings. The walls (walls.ts: the folders given as `exclude`,
// and every hidden folder) hold in each: a walled note is neither returned, walked through nor
// counted. Everything is bounded (a limit, and how many more there were).

import { isNotePath } from '../keyword/index-document';
import type { VaultIndexer } from '../keyword/vault-indexer';
import type { SemanticSource } from '../semantic/types';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { fuseRankings } from './fuse';
import { MAX_WALK_DEPTH, walkLinks, type LinkDirection, type RelatedNote } from './link-walk';
import { hasTag, noteTags, TagCounter, type TagCount } from './tag-counts';
import { bounded, folderOf, normalizeFolder, wallOf, type Bounded, type Wall } from './walls';
import { keywordWhy, semanticWhy, type RetrievalHit } from './why';

export type SearchMode = 'keyword' | 'semantic' | 'hybrid';

export interface RetrievalSearchOptions {
  mode?: SearchMode;
  /** Notes returned; default 20. */
  limit?: number;
  /** Folders whose notes are left out. */
  exclude?: readonly string[];
  signal?: AbortSignal;
}

export interface RetrievalResult {
  hits: RetrievalHit[];
  /** The mode that actually ran. */
  mode: SearchMode;
  /** Set when the mode asked for could not run, saying what ran instead and why. */
  fallback?: string;
}

export interface RelatedOptions {
  /** 0-3; default 1. */
  depth?: number;
  direction?: LinkDirection;
  /** Also the notes in the note's folder. */
  sameFolder?: boolean;
  exclude?: readonly string[];
  /** Default 50. */
  limit?: number;
}

export interface FolderEntry {
  path: string;
  kind: 'file' | 'folder';
  /** For folders: the notes anywhere inside, outside the walls (attachments are not notes). */
  count?: number;
}

/** Candidates taken from each ranking before fusion and exclusion. */
function depthFor(limit: number, excluding: boolean): number {
  return Math.max(50, limit * (excluding ? 6 : 3));
}

export class Retrieval {
  constructor(
    private readonly vault: VaultPort,
    private readonly keyword: VaultIndexer,
    private readonly semantic: SemanticSource | null,
  ) {}

  /** True when semantic and hybrid searches can use embeddings. */
  get semanticReady(): boolean {
    return this.semantic?.built === true;
  }

  async search(query: string, options: RetrievalSearchOptions = {}): Promise<RetrievalHit[]> {
    return (await this.searchReport(query, options)).hits;
  }

  /** `search`, with which mode ran and, when it fell back to keywords, why. */
  async searchReport(query: string, options: RetrievalSearchOptions = {}): Promise<RetrievalResult> {
    const mode = options.mode ?? 'hybrid';
    const limit = Math.max(0, Math.floor(options.limit ?? 20));
    const wall = wallOf(options.exclude);
    const depth = depthFor(limit, (options.exclude?.length ?? 0) > 0);
    const keywordHits = (): RetrievalHit[] =>
      this.keyword
        .searchExplained(query, { limit: depth })
        .filter((h) => !wall(h.path))
        .map((h) => ({ path: h.path, score: h.score, why: keywordWhy(h.matches) }));
    if (mode === 'keyword' || this.semantic === null || !this.semantic.built) {
      const result: RetrievalResult = { hits: keywordHits().slice(0, limit), mode: 'keyword' };
      if (mode !== 'keyword') result.fallback = this.semantic === null ? 'no semantic index is configured; keyword search ran instead' : 'the semantic index is not built yet; keyword search ran instead';
      return result;
    }
    const semanticHits = (await this.semantic.search(query, { limit: depth, ...(options.signal ? { signal: options.signal } : {}) }))
      // A store loaded without catching up may name notes that are gone since.
      .filter((h) => !wall(h.path) && this.vault.metadata(h.path) !== null)
      .map((h): RetrievalHit => ({ path: h.path, score: Math.max(0, h.score), why: [semanticWhy(h.score, h.heading)] }));
    if (mode === 'semantic') return { hits: semanticHits.slice(0, limit), mode };
    return { hits: fuseRankings([keywordHits(), semanticHits], limit), mode };
  }

  /** Notes linked to or from `path` (breadth-first to `depth`), nearest first. */
  async related(path: string, options: RelatedOptions = {}): Promise<Bounded<RelatedNote>> {
    const depth = options.depth ?? 1;
    if (!Number.isInteger(depth) || depth < 0 || depth > MAX_WALK_DEPTH) throw new RangeError(`depth must be 0..${MAX_WALK_DEPTH}, got ${depth}`);
    const wall = wallOf(options.exclude);
    let sameFolder: string[] | undefined;
    if (options.sameFolder === true) {
      const folder = folderOf(path);
      sameFolder = (await this.notes(wall)).filter((p) => p !== path && folderOf(p) === folder).sort();
    }
    return walkLinks(this.vault.resolvedLinks(), path, { depth, direction: options.direction ?? 'both', wall, limit: options.limit ?? 50, ...(sameFolder ? { sameFolder } : {}) });
  }

  /** Every tag with the notes outside the walls that carry it; nested tags count for their parents too. */
  async tags(limit = Infinity, exclude: readonly string[] = []): Promise<Bounded<TagCount>> {
    const counter = new TagCounter();
    for (const path of await this.notes(wallOf(exclude))) {
      const meta = this.vault.metadata(path);
      if (meta !== null) counter.add(path, noteTags(meta));
    }
    return bounded(counter.list(), limit);
  }

  /** Notes outside the walls tagged `tag` or a tag nested under it, by path. */
  async notesWithTag(tag: string, limit = 50, exclude: readonly string[] = []): Promise<Bounded<string>> {
    const out: string[] = [];
    for (const path of await this.notes(wallOf(exclude))) {
      const meta = this.vault.metadata(path);
      if (meta !== null && hasTag(noteTags(meta), tag)) out.push(path);
    }
    return bounded(out.sort(), limit);
  }

  /**
   * What is directly in `folder` (the root by default) outside the walls: folders first, with the
   * notes inside each (an image or a PDF is a file, not a note).
   */
  async listFolder(folder = '', limit = 100, exclude: readonly string[] = []): Promise<Bounded<FolderEntry>> {
    const base = normalizeFolder(folder);
    const prefix = base === '' ? '' : `${base}/`;
    const wall = wallOf(exclude);
    const folders = new Map<string, number>();
    const files: FolderEntry[] = [];
    for (const e of await this.vault.list()) {
      if (!e.path.startsWith(prefix) || wall(e.kind === 'folder' ? `${e.path}/` : e.path)) continue;
      const rest = e.path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) {
        if (e.kind === 'folder') folders.set(e.path, folders.get(e.path) ?? 0);
        else files.push({ path: e.path, kind: 'file' });
      } else if (e.kind === 'file' && isNotePath(e.path)) {
        const child = prefix + rest.slice(0, slash);
        folders.set(child, (folders.get(child) ?? 0) + 1);
      }
    }
    const byPath = (a: FolderEntry, b: FolderEntry): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
    const folderEntries = [...folders].map(([path, count]): FolderEntry => ({ path, kind: 'folder', count })).sort(byPath);
    return bounded([...folderEntries, ...files.sort(byPath)], limit);
  }

  private async notes(wall: Wall): Promise<string[]> {
    return (await this.vault.list()).filter((e) => e.kind === 'file' && isNotePath(e.path) && !wall(e.path)).map((e) => e.path);
  }
}
