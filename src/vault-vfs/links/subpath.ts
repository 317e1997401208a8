// A link is a path and an optional subpath: `Folder/Note#Heading`, `Note#^block`, `#Heading`.
// As Obsidian's parseLinktext: the subpath starts at the first `#` and keeps it.

export interface SplitLink {
  path: string;
  /** `#Heading`, `#^block`, `#A#B`, or "" when there is none. */
  subpath: string;
}

export function splitSubpath(link: string): SplitLink {
  const hash = link.indexOf('#');
  return hash === -1 ? { path: link, subpath: '' } : { path: link.slice(0, hash), subpath: link.slice(hash) };
}
