// What the agents need from retrieval (search, link walks, tags, folders), as a port: the Scout
// tools and the no-Scout context are written against it, and `retrieval-adapter.ts` fits the
// vault layer's retrieval to it. Excluded folders are walls everywhere: never returned, never
// walked through.

import type { WhyPicked } from './pipeline-context';

export interface NoteHit {
  path: string;
  score: number;
  why: WhyPicked[];
}

export interface LinkedNote {
  path: string;
  depth: number;
  /** The note it was reached from (null for the start). */
  from: string | null;
}

export type LinkDirection = 'in' | 'out' | 'both';

export interface Bounded<T> {
  items: T[];
  /** How many more there were past the limit. */
  more: number;
}

export interface FolderListing {
  folders: { path: string; notes: number }[];
  notes: string[];
  more: number;
}

export interface VaultRetrieval {
  searchKeyword(query: string, limit: number): Promise<NoteHit[]>;
  /** Null when there is no semantic index to ask. */
  searchSemantic(query: string, limit: number, signal?: AbortSignal): Promise<NoteHit[] | null>;
  /** Keyword and semantic fused (keyword alone without a semantic index). */
  searchHybrid(query: string, limit: number, signal?: AbortSignal): Promise<NoteHit[]>;
  related(path: string, options: { depth: number; direction: LinkDirection; limit: number }): Bounded<LinkedNote>;
  sameFolder(path: string, limit: number): Bounded<string>;
  tags(limit: number): Bounded<{ tag: string; count: number }>;
  notesWithTag(tag: string, limit: number): Bounded<string>;
  listFolder(folder: string, limit: number): FolderListing;
  /** Every note, in path order, from `offset`. */
  allNotes(offset: number, limit: number): Bounded<string>;
}
