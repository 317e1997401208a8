// A flag that may be given several times (`--exclude A --exclude B`): taken out of the arguments
// before the strict parser sees them, which keeps one value per flag.
import { UsageError } from './command';

export function takeRepeated(args: readonly string[], name: string): { values: string[]; rest: string[] } {
  const values: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      rest.push(...args.slice(i));
      break;
    }
    if (arg === `--${name}`) {
      const value = args[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      values.push(value);
    } else if (arg.startsWith(`--${name}=`)) {
      const value = arg.slice(name.length + 3);
      if (value === '') throw new UsageError(`--${name} needs a value`);
      values.push(value);
    } else rest.push(arg);
  }
  return { values, rest };
}
