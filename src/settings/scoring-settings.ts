// The thresholds of organize's similarity scores (see src/agents/organize/scoring/thresholds.ts),
// each a number from 0 to 1, validated on load like every other setting.
import { DEFAULT_THRESHOLDS, type ScoringThresholds } from '../agents/organize/scoring/thresholds';
import { isRecord, readNumber } from './read-fields';

export type ScoringSettings = ScoringThresholds;

export const DEFAULT_SCORING: ScoringSettings = { ...DEFAULT_THRESHOLDS };

const UNIT = { min: 0, max: 1 };

export function readScoring(raw: unknown, problems: string[]): ScoringSettings {
  if (raw === undefined) return { ...DEFAULT_SCORING };
  if (!isRecord(raw)) {
    problems.push('settings.organizeScoring should be an object; using the default thresholds');
    return { ...DEFAULT_SCORING };
  }
  const where = 'organizeScoring';
  return {
    folderCohesion: readNumber(raw, 'folderCohesion', where, problems, DEFAULT_SCORING.folderCohesion, UNIT),
    destinationScore: readNumber(raw, 'destinationScore', where, problems, DEFAULT_SCORING.destinationScore, UNIT),
    splitCohesion: readNumber(raw, 'splitCohesion', where, problems, DEFAULT_SCORING.splitCohesion, UNIT),
  };
}
