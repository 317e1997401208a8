// What a format reader hands the dispatcher: the calls it read and the span of the reply they
// took, so the dispatcher can order calls from several families and cut them out of the text.

/** A call as written: `name` "" when the span was meant as a call but could not be read. */
export interface RawCall {
  name: string;
  /** A JSON string (or, for a call that could not be read, the text that was there). */
  arguments: string;
}

export interface FoundCalls {
  start: number;
  end: number;
  calls: RawCall[];
}

/** What a reader sees: the reply with reasoning (and spans already taken) blanked out, same length. */
export interface ReaderInput {
  text: string;
  knownTools: ReadonlySet<string>;
}

export type FormatReader = (input: ReaderInput) => FoundCalls[];

export function brokenCall(raw: string): RawCall {
  return { name: '', arguments: raw.trim() };
}
