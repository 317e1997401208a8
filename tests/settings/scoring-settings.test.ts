// The similarity thresholds as settings: defaults 0.7, 0.8 and 0.3, numbers from 0 to 1, a bad
// value named and replaced by its default, the rest kept.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings, setSettingValue } from '../../src/settings/settings';

describe('organize scoring settings', () => {
  it('default to the FileVyasa thresholds', () => {
    expect(DEFAULT_SETTINGS.organizeScoring).toEqual({ folderCohesion: 0.7, destinationScore: 0.8, splitCohesion: 0.3 });
    expect(parseSettings({ planFolder: 'P' }).settings.organizeScoring).toEqual(DEFAULT_SETTINGS.organizeScoring);
  });

  it('keep good values, and replace a bad one by its default with a problem that names it', () => {
    const r = parseSettings({ organizeScoring: { folderCohesion: 0.6, destinationScore: 1.5, splitCohesion: '0.25' } });
    expect(r.settings.organizeScoring).toEqual({ folderCohesion: 0.6, destinationScore: 0.8, splitCohesion: 0.25 });
    expect(r.problems).toEqual(['organizeScoring.destinationScore should be a number from 0 to 1, found 1.5; using 0.8']);
    expect(parseSettings({ organizeScoring: 'high' }).problems).toEqual(['settings.organizeScoring should be an object; using the default thresholds']);
  });

  it('are set from the settings tab as text, and refused out of range', () => {
    const s = structuredClone(DEFAULT_SETTINGS);
    expect(setSettingValue(s, 'organizeScoring.destinationScore', '0.9')).toEqual([]);
    expect(s.organizeScoring.destinationScore).toBe(0.9);
    expect(setSettingValue(s, 'organizeScoring.splitCohesion', '-1')).toHaveLength(1);
    expect(s.organizeScoring.splitCohesion).toBe(0.3);
  });
});
