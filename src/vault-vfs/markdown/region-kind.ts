// Kinds of excluded regions found by the masking pass; a line wholly inside one becomes a section
// of the matching type (code, math, comment, html, yaml).

export const Region = { none: 0, code: 1, math: 2, comment: 3, html: 4, yaml: 5 } as const;
export type RegionKind = (typeof Region)[keyof typeof Region];
