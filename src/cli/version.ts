import manifest from '../../manifest.json';

export const version: string = manifest.version;
