// When a FileVyasa score is strong enough to act on. A folder moves whole when its files belong
// together (cohesion at least `folderCohesion`) and one destination scores at least
// `destinationScore`; a folder whose cohesion is below `splitCohesion` is split, each of its files
// going where it scores at least `destinationScore` (and better than where it is); a loose file
// goes where it scores at least `destinationScore`. Two destinations over the bar are ambiguous:
// nothing moves, and the candidates are left for the organize agent.

export interface ScoringThresholds {
  folderCohesion: number;
  destinationScore: number;
  splitCohesion: number;
}

export const DEFAULT_THRESHOLDS: ScoringThresholds = { folderCohesion: 0.7, destinationScore: 0.8, splitCohesion: 0.3 };
