// What the compiler turns each value of an expression into (an Operand: a typed getter with what
// messages and fast paths need), shared by the compiler of operands and the one of literals.

import type { ValueNode } from './ast';
import type { Getter } from './eval-scope';
import type { FieldProp, ListKind, ValueType } from './fields';
import type { DayKey } from './semantics';

export type LiteralValue =
  | { type: 'string'; value: string; lower: string }
  | { type: 'number'; value: number }
  | { type: 'date'; value: DayKey }
  | { type: 'boolean'; value: boolean }
  | { type: 'null'; value: null };

export interface Operand {
  type: ValueType | 'null';
  get: Getter;
  node: ValueNode;
  /** Set for literals: the value as compared (lower-case text is not applied here). */
  literal?: LiteralValue;
  /** For fields: the record property, so hot comparisons read it inline. */
  prop?: FieldProp;
  /** The value is lower case already (the extension). */
  lowerCase?: boolean;
  listKind?: ListKind;
  /** How the operand is named in messages: `file.size`, `"big"`. */
  label: string;
}

/** Collects what an expression needs at evaluation time. */
export interface CompileContext {
  usesContent: boolean;
  similarityQueries: string[];
}
