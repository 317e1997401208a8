// The organize agent's public surface, for the plugin and the CLI.
export { createOrganizeAgent, type OrganizeAgentOptions } from './create-organize-agent';
export { OrganizeCancelledError } from './organize-cancelled';
export { AGENT_RULE_PREFIX } from './rule-session';
export { recordKeywordSearch, type OrganizeSearch, type SearchHitLike } from './undecided-search';
