// The project's Obsidian test runtime, which tests (and the plugin code under test) import as
// 'obsidian'. It is obsidian-test-mocks' in-memory implementation of obsidian.d.ts, made
// faithful where Reeve depends on the details (see plugin-data.ts; the vault side follows).
import { installFaithfulCli } from './faithful-cli';
import { installDeclarativeSettings } from './declarative-settings';
import { installFaithfulButtons } from './faithful-buttons';
import { installFaithfulInputs } from './faithful-inputs';
import { installFaithfulMarkdown } from './faithful-markdown';
import { installFaithfulSecrets } from './faithful-secrets';
import { installFaithfulWorkspace } from './faithful-workspace';
import { installMockNameLookup } from './mock-name-lookup';
import { installNoticeRecorder } from './notices';
import { installFaithfulPluginData } from './plugin-data';
import { installVaultConfig } from './vault-config';

export * from 'obsidian-test-mocks/obsidian';
export { normalizePath } from './normalize-path';
export { requireApiVersion } from './faithful-cli';

installMockNameLookup();
installFaithfulPluginData();
installNoticeRecorder();
installFaithfulButtons();
installVaultConfig();
installFaithfulInputs();
installFaithfulMarkdown();
installFaithfulSecrets();
installFaithfulWorkspace();
installDeclarativeSettings();
installFaithfulCli();
