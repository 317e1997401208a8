// The syntax tree of a rule expression, as the grammar builds it. Names are kept as written
// (`modified_at`, `STARTSWITH`); the compiler resolves them. Every node carries the position of
// its first token so errors can say where.

export interface SourcePos {
  /** 1-based. */
  line: number;
  /** 1-based. */
  col: number;
  /** 0-based offset into the expression. */
  offset: number;
}

export type CompareOp = '==' | '!=' | '>' | '<' | '>=' | '<=';

export interface Segment {
  name: string;
  /** Written as `["name"]` rather than `.name`. */
  bracket: boolean;
  at: SourcePos;
}

/** `file.frontmatter.status`, `file.tags.count`, `vector_similarity` (before its arguments). */
export interface RefNode {
  type: 'ref';
  segments: Segment[];
  at: SourcePos;
}

/** `file.name.startsWith("x")`, `vector_similarity("taxes")`. */
export interface CallNode {
  type: 'call';
  callee: RefNode;
  args: ValueNode[];
  at: SourcePos;
}

export interface StringNode {
  type: 'string';
  value: string;
  at: SourcePos;
}

export interface NumberNode {
  type: 'number';
  value: number;
  /** As written, so printing gives back the same literal. */
  raw: string;
  at: SourcePos;
}

export type SizeUnit = 'B' | 'KB' | 'MB' | 'GB' | 'TB';

export interface SizeNode {
  type: 'size';
  /** The number before the unit, as written. */
  amount: string;
  unit: SizeUnit;
  /** Bytes, 1024-based. */
  bytes: number;
  at: SourcePos;
}

export interface DateNode {
  type: 'date';
  /** `YYYY-MM-DD` as written; checked to be a real day by the compiler. */
  text: string;
  at: SourcePos;
}

export interface BooleanNode {
  type: 'boolean';
  value: boolean;
  at: SourcePos;
}

export interface NullNode {
  type: 'null';
  at: SourcePos;
}

export interface ArrayNode {
  type: 'array';
  items: ValueNode[];
  at: SourcePos;
}

export type LiteralNode = StringNode | NumberNode | SizeNode | DateNode | BooleanNode | NullNode;
export type ValueNode = RefNode | CallNode | LiteralNode | ArrayNode;

export interface OrNode {
  type: 'or';
  left: ExprNode;
  right: ExprNode;
  at: SourcePos;
}

export interface AndNode {
  type: 'and';
  left: ExprNode;
  right: ExprNode;
  at: SourcePos;
}

export interface NotNode {
  type: 'not';
  operand: ExprNode;
  at: SourcePos;
}

export interface CompareNode {
  type: 'compare';
  op: CompareOp;
  left: ValueNode;
  right: ValueNode;
  /** Position of the operator. */
  opAt: SourcePos;
  at: SourcePos;
}

export interface InNode {
  type: 'in';
  left: ValueNode;
  list: ArrayNode;
  at: SourcePos;
}

export interface MatchesNode {
  type: 'matches';
  left: ValueNode;
  pattern: StringNode;
  at: SourcePos;
}

/** A value standing alone as a condition: `file.isHidden`, `file.name.startsWith("x")`. */
export interface TestNode {
  type: 'test';
  value: ValueNode;
  at: SourcePos;
}

export type ExprNode = OrNode | AndNode | NotNode | CompareNode | InNode | MatchesNode | TestNode;
