// Expressions used by the DSL tests outside the conformance table, gathered here so the grammar
// test can check that each has exactly one parse.

/** The seed rules from the issue, verbatim. */
export const SEED_RULES = {
  rules: [
    { name: 'Move PDFs to Documents', if: 'file.ext == "pdf"', thenMoveTo: 'Documents/PDFs' },
    { name: 'Large files to Archive', if: 'file.size > 100MB', thenMoveTo: 'Archive/Large' },
    {
      name: 'Screenshots by date',
      if: 'file.name.startsWith("Screenshot") AND file.ext IN ["png", "jpg"]',
      thenMoveTo: 'Screenshots/{date}',
      thenRenameTo: 'screenshot-{date}.{ext}',
    },
    { name: 'Hidden config files', if: 'file.isHidden AND file.name.endsWith("rc")', thenMoveTo: 'Config' },
  ],
};

/** Valid expressions and their normalized form (what `reeve rules check` prints). */
export const NORMALIZED: [string, string][] = [
  ['file.ext == "pdf"', 'file.ext == "pdf"'],
  ['file.modified_at >= 2024-01-01 and not FILE.IS_HIDDEN', 'file.modifiedAt >= 2024-01-01 AND NOT file.isHidden'],
  ['file.name.STARTSWITH("x")   or   file.name.ends_with("y")', 'file.name.startsWith("x") OR file.name.endsWith("y")'],
  ['((file.size > 10kb))', 'file.size > 10KB'],
  ['file.mime_type in ["image/png"]', 'file.mimeType IN ["image/png"]'],
  ['file.frontmatter["status"] == null', 'file.frontmatter.status == null'],
  ['file.frontmatter["due date"] < 2024-05-01', 'file.frontmatter["due date"] < 2024-05-01'],
  ['file.tags.COUNT >= 2', 'file.tags.count >= 2'],
  ['vectorSimilarity("taxes") > 0.5', 'vector_similarity("taxes") > 0.5'],
  ['file.name matches "\\d{4}"', 'file.name MATCHES "\\\\d{4}"'],
  ['file.name == "say \\"hi\\""', 'file.name == "say \\"hi\\""'],
  ['file.frontmatter.a_or_b', 'file.frontmatter.a_or_b'],
  ['file.ext == "md" AND (file.size > 1MB OR file.tags.contains("big"))', 'file.ext == "md" AND (file.size > 1MB OR file.tags.contains("big"))'],
  ['NOT (file.isHidden)', 'NOT file.isHidden'],
  ['file.frontmatter.in == true', 'file.frontmatter.in == true'],
];

/** Expressions whose trees the parse tests check, by a compact rendering. */
export const TREES: [string, string][] = [
  ['a OR b AND c', '(or a (and b c))'],
  ['a AND b OR c', '(or (and a b) c)'],
  ['NOT a AND b', '(and (not a) b)'],
  ['NOT a OR NOT b AND c', '(or (not a) (and (not b) c))'],
  ['a OR b OR c', '(or (or a b) c)'],
  ['a AND b AND c', '(and (and a b) c)'],
  ['a and (b or c)', '(and a (or b c))'],
  ['not not a', '(not (not a))'],
  ['NOT x == 1', '(not (== x 1))'],
  ['x == 1 OR y != 2 AND z IN [1, 2]', '(or (== x 1) (and (!= y 2) (in z)))'],
  ['x MATCHES "a" AND y.contains("b")', '(and (matches x) (call y.contains))'],
];
