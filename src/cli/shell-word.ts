// An argument as the user would type it again in a POSIX shell: as it is when it holds nothing the
// shell reads specially, else in single quotes. For the commands the CLI suggests (`reeve undo
// <the vault> --job ...`), which a user copies and pastes.

const PLAIN = /^[\w@%+=:,./-]+$/;

export function shellWord(arg: string): string {
  return PLAIN.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
