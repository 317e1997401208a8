/** Every rule pattern is case-insensitive (`i`) and Unicode-aware (`u`). */
export const REGEX_FLAGS = 'iu';
