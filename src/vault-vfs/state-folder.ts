// Reeve's own folder inside a vault's config folder: journal, ledger, indexes, caches, chats and
// locks. Named in one place: the plugin and the CLI must meet in the same folder and never in
// another plugin's (`steward`, the id Reeve had before, belongs to another plugin in the directory).

/** The vault path of Reeve's state folder, `<configDir>/plugins/reeve`. */
export function stateFolder(configDir: string): string {
  return `${configDir}/plugins/reeve`;
}
