// The conformance table: expressions and the exact set of files each must match in the fixture
// vault (tests/fixtures/dsl/vault, prepared by fixture-vault.ts). Shared with the grammar test,
// which checks every expression here has exactly one parse.

export const F = {
  eslintrc: '.eslintrc',
  secret: '.secret.md', // a hidden note (a hidden folder is no part of the vault, as in Obsidian)
  prettierrc: '.prettierrc',
  oldReport: 'Archive/Old report.pdf',
  csv: 'Docs/data.csv',
  docx: 'Docs/manual.docx',
  invoice: 'Inbox/Invoice 2024-01.pdf',
  meeting: 'Inbox/Meeting notes.md',
  idea: 'Inbox/Quick idea.md',
  shotJpg: 'Inbox/Screenshot 2023-12-24.jpg',
  shotPng: 'Inbox/Screenshot 2024-03-02 at 10.15.00.png',
  zip: 'Inbox/archive.zip',
  huge: 'Inbox/huge-video.mp4',
  shotOld: 'Inbox/screenshot-old.PNG',
  taxPdf: 'Inbox/tax-return-2023.pdf',
  jan31: 'Journal/2024/2024-01-31.md',
  feb01: 'Journal/2024/2024-02-01.md',
  song: 'Music/song.mp3',
  longNote: 'Notes with spaces/Long note name here.md',
  alpha: 'Projects/Alpha.md',
  beta: 'Projects/Beta.md',
  gamma: 'Projects/Gamma.md',
  svg: 'Projects/assets/diagram.svg',
  photo: 'Projects/assets/photo.jpeg',
  daily: 'Templates/Daily.md',
  welcome: 'Welcome.md',
  todo: 'todo.txt',
} as const;

export const ALL_FILES: string[] = Object.values(F);
const MD = [F.secret, F.meeting, F.idea, F.jan31, F.feb01, F.longNote, F.alpha, F.beta, F.gamma, F.daily, F.welcome];
const INBOX = [F.invoice, F.meeting, F.idea, F.shotJpg, F.shotPng, F.zip, F.huge, F.shotOld, F.taxPdf];
const HIDDEN = [F.eslintrc, F.secret, F.prettierrc];
const except = (...drop: string[]): string[] => ALL_FILES.filter((p) => !drop.includes(p));
const NOT_MD_NOT_HIDDEN = except(...MD, ...HIDDEN);

export const CONFORMANCE: [expression: string, matches: string[]][] = [
  // extensions, case-insensitive
  ['file.ext == "pdf"', [F.oldReport, F.invoice, F.taxPdf]],
  ['file.ext == "PDF"', [F.oldReport, F.invoice, F.taxPdf]],
  ['file.ext != "md"', except(...MD)],
  ['file.ext == "png"', [F.shotPng, F.shotOld]],
  ['file.ext IN ["png", "jpg", "jpeg"]', [F.shotJpg, F.shotPng, F.shotOld, F.photo]],
  ['file.ext in ["PNG"]', [F.shotPng, F.shotOld]],
  ['file.ext == ""', [F.eslintrc, F.prettierrc]],
  ['file.ext IN []', []],
  // sizes, 1024-based
  ['file.size > 100MB', [F.huge]],
  ['file.size > 1KB', [F.oldReport, F.huge, F.taxPdf, F.photo]],
  ['file.size >= 2997', [F.oldReport, F.huge]],
  ['file.size < 50', [F.eslintrc, F.secret, F.prettierrc, F.csv, F.zip, F.feb01, F.longNote, F.todo]],
  ['file.size <= 18', [F.eslintrc, F.prettierrc, F.csv, F.todo]],
  ['file.size == 8', [F.csv]],
  ['file.size > 1KB AND file.size < 2KB', [F.taxPdf]],
  ['file.size >= 0.5GB', []],
  ['150MB == file.size', [F.huge]],
  // names and paths
  ['file.name == "Alpha"', [F.alpha]],
  ['file.name == "alpha"', [F.alpha]],
  ['file.name == "2024-01-31"', [F.jan31]],
  ['file.name.startsWith("Screenshot")', [F.shotJpg, F.shotPng, F.shotOld]],
  ['file.name.startsWith("Screenshot") AND file.ext IN ["png", "jpg"]', [F.shotJpg, F.shotPng, F.shotOld]],
  ['file.name.endsWith("rc")', [F.eslintrc, F.prettierrc]],
  ['file.name.contains(" ")', [F.oldReport, F.invoice, F.meeting, F.idea, F.shotJpg, F.shotPng, F.longNote]],
  ['file.name.matches("^screenshot")', [F.shotJpg, F.shotPng, F.shotOld]],
  ['file.name MATCHES "^\\d{4}-\\d{2}-\\d{2}$"', [F.jan31, F.feb01]],
  ['file.name MATCHES "\\d{4}-\\d{2}-\\d{2}"', [F.shotJpg, F.shotPng, F.jan31, F.feb01]],
  ['file.name MATCHES "report|invoice"', [F.oldReport, F.invoice]],
  ['file.path == "Projects/assets/photo.jpeg"', [F.photo]],
  ['file.path.contains("/assets/")', [F.svg, F.photo]],
  ['file.path.endsWith(".PNG")', [F.shotPng, F.shotOld]],
  ['file.path MATCHES "^Journal/\\d{4}/"', [F.jan31, F.feb01]],
  ['file.folder == ""', [F.eslintrc, F.secret, F.prettierrc, F.welcome, F.todo]],
  ['file.folder == "Inbox"', INBOX],
  ['file.folder == "inbox"', INBOX],
  ['file.folder.startsWith("Projects")', [F.alpha, F.beta, F.gamma, F.svg, F.photo]],
  ['file.folder IN ["Docs", "Music"]', [F.csv, F.docx, F.song]],
  // hidden files
  ['file.isHidden', HIDDEN],
  ['file.isHidden AND file.name.endsWith("rc")', [F.eslintrc, F.prettierrc]],
  ['file.is_hidden == false AND file.folder == ""', [F.welcome, F.todo]],
  ['NOT file.isHidden AND file.ext == "md"', MD.filter((p) => p !== F.secret)],
  // MIME types
  ['file.mimeType == "application/pdf"', [F.oldReport, F.invoice, F.taxPdf]],
  ['file.mime_type.startsWith("image/")', [F.shotJpg, F.shotPng, F.shotOld, F.svg, F.photo]],
  ['file.mimeType == "text/markdown"', MD],
  ['file.mimeType == "application/octet-stream"', [F.eslintrc, F.prettierrc]],
  ['file.mimeType.startsWith("audio/") OR file.mimeType.startsWith("video/")', [F.huge, F.song]],
  // tags: without '#', nested tags match their parent, case-insensitive
  ['file.tags.contains("project")', [F.alpha, F.beta]],
  ['file.tags.contains("#project")', [F.alpha, F.beta]],
  ['file.tags.contains("project/beta")', [F.beta]],
  ['file.tags.contains("work")', [F.meeting]],
  ['file.tags.contains("acme")', []],
  ['file.tags.contains("JOURNAL")', [F.jan31, F.feb01]],
  ['file.tags.count == 0', except(F.secret, F.meeting, F.idea, F.jan31, F.feb01, F.alpha, F.beta, F.welcome)],
  ['file.tags.count >= 2', [F.meeting, F.beta]],
  ['file.tags IN ["idea", "private"]', [F.secret, F.idea]],
  ['file.tags.contains("#meeting") OR file.tags.contains("followup")', [F.meeting]],
  // links and backlinks
  ['file.links.contains("Alpha")', [F.meeting, F.beta, F.welcome]],
  ['file.links.contains("Projects/Alpha.md")', [F.meeting, F.beta, F.welcome]],
  ['file.links.contains("Missing Note")', [F.welcome]],
  ['file.links.contains("tax-return-2023.pdf")', [F.jan31]],
  ['file.links.count > 1', [F.welcome]],
  ['file.backlinks.count >= 2', [F.alpha, F.beta]],
  ['file.backlinks.contains("Welcome")', [F.alpha]],
  ['file.backlinks.count == 0 AND file.ext == "md"', [F.secret, F.meeting, F.idea, F.jan31, F.feb01, F.longNote, F.gamma, F.daily]],
  ['file.backlinks.count > 0', [F.taxPdf, F.alpha, F.beta, F.welcome]],
  // frontmatter: missing keys are null; values convert to the type compared with
  ['file.frontmatter.status == "done"', [F.beta, F.gamma]],
  ['file.frontmatter.status != "done" AND file.folder == "Projects"', [F.alpha]],
  ['file.frontmatter.status == null AND file.ext == "md"', [F.secret, F.meeting, F.idea, F.jan31, F.feb01, F.longNote, F.daily]],
  ['file.frontmatter.status != null', [F.alpha, F.beta, F.gamma, F.welcome]],
  ['file.frontmatter.status IN ["active", "draft"]', [F.alpha, F.welcome]],
  ['file.frontmatter.status.startsWith("act")', [F.alpha]],
  ['file.frontmatter.priority > 1', [F.meeting, F.beta, F.gamma]],
  ['file.frontmatter.priority == 3', [F.beta]],
  ['file.frontmatter.priority == "2"', [F.meeting]],
  ['file.frontmatter.priority <= 2', [F.meeting, F.alpha]],
  ['file.frontmatter.priority IN [1, 5]', [F.alpha, F.gamma]],
  ['file.frontmatter.archived', [F.gamma]],
  ['file.frontmatter.draft == false', [F.gamma]],
  ['NOT file.frontmatter.archived AND file.folder == "Projects"', [F.alpha, F.beta]],
  ['file.frontmatter.due < 2024-05-01', [F.alpha]],
  ['file.frontmatter["due date"] == 2024-05-01', [F.daily]],
  ['file.frontmatter.date == 2024-01-31', [F.jan31]],
  ['file.frontmatter.date >= 2024-02-01', [F.meeting]],
  ['file.frontmatter.attendees.contains("ann")', [F.meeting]],
  ['file.frontmatter.attendees.count == 2', [F.meeting]],
  ['file.frontmatter.aliases IN ["A"]', [F.alpha]],
  ['file.frontmatter.type == "TEMPLATE"', [F.daily]],
  ['file.frontmatter.mood MATCHES "^go"', [F.jan31]],
  ['file.frontmatter.tags.contains("project/beta")', [F.beta]],
  // dates: by local calendar day
  ['file.modifiedAt == 2024-01-31', [F.invoice, F.jan31, F.longNote]],
  ['file.modifiedAt > 2024-03-01', [F.shotPng, F.huge, F.todo]],
  ['file.modifiedAt >= 2024-03-01', [F.idea, F.shotPng, F.huge, F.todo]],
  ['file.modified_at < 2021-01-01', [F.oldReport]],
  ['file.modifiedAt <= 2021-01-01', [F.oldReport, F.zip]],
  ['file.modifiedAt != 2024-01-31 AND file.folder == "Inbox"', INBOX.filter((p) => p !== F.invoice)],
  ['file.createdAt > 2000-01-01', ALL_FILES],
  ['file.createdAt < 2000-01-01', []],
  // content: markdown only, read lazily
  ['file.content.contains("taxes")', [F.idea, F.jan31, F.welcome]],
  ['file.content MATCHES "TODO:"', [F.meeting, F.gamma]],
  ['file.content.contains("budget") AND file.folder == "Projects"', [F.alpha]],
  ['file.ext == "md" AND NOT file.content.contains("[[")', [F.secret, F.longNote, F.gamma, F.daily]],
  // similarity (keyword provider over the files' words)
  ['vector_similarity("taxes receipts") > 0.9', [F.idea, F.jan31]],
  ['vector_similarity("taxes") >= 0.5', [F.idea, F.jan31, F.welcome]],
  // logic and precedence: NOT > AND > OR
  ['(file.ext == "pdf" OR file.ext == "docx") AND file.folder != "Archive"', [F.docx, F.invoice, F.taxPdf]],
  ['file.ext == "pdf" OR file.ext == "docx" AND file.folder != "Archive"', [F.oldReport, F.docx, F.invoice, F.taxPdf]],
  ['NOT (file.ext == "md" OR file.isHidden)', NOT_MD_NOT_HIDDEN],
  ['NOT file.ext == "md" AND NOT file.isHidden', NOT_MD_NOT_HIDDEN],
  ['file.ext == "md" and file.folder == "Projects" or file.name == "todo"', [F.alpha, F.beta, F.gamma, F.todo]],
  ['file.size > 1KB AND file.ext IN ["pdf", "jpeg"] AND NOT file.path.startsWith("Archive/")', [F.taxPdf, F.photo]],
  ['TRUE AND file.name == "todo"', [F.todo]],
  ['NOT NOT file.isHidden', HIDDEN],
];

// Edit actions: a rule's tags and properties, placeholders filled in, for one note of the vault.
export const EDIT_CONFORMANCE: [rule: Record<string, unknown>, note: string, edits: Record<string, unknown>][] = [
  [{ thenAddTags: ['meeting', '#filed'] }, F.meeting, { addTags: ['meeting', 'filed'], removeTags: [], setProperties: {} }],
  [{ thenAddTags: ['project/{fm.status}'] }, F.alpha, { addTags: ['project/active'], removeTags: [], setProperties: {} }],
  [{ thenAddTags: ['in/{parent}', 'y{year}'] }, F.jan31, { addTags: ['in/2024', 'y2024'], removeTags: [], setProperties: {} }],
  [{ thenAddTags: ['{name}'] }, F.longNote, { addTags: ['Long-note-name-here'], removeTags: [], setProperties: {} }],
  [{ thenAddTags: ['A', 'a'] }, F.idea, { addTags: ['A'], removeTags: [], setProperties: {} }],
  [{ thenRemoveTags: ['project/beta', 'work'] }, F.beta, { addTags: [], removeTags: ['project/beta', 'work'], setProperties: {} }],
  [{ thenSetProperties: { status: 'processed', filed: '{date}' } }, F.meeting, { addTags: [], removeTags: [], setProperties: { status: 'processed', filed: '2024-02-15' } }],
  [{ thenSetProperties: { month: '{year}-{month}', day: '{day}' } }, F.jan31, { addTags: [], removeTags: [], setProperties: { month: '2024-01', day: '31' } }],
  [{ thenSetProperties: { reviewed: true, rank: 2, draft: null } }, F.gamma, { addTags: [], removeTags: [], setProperties: { reviewed: true, rank: 2, draft: null } }],
  [{ thenSetProperties: { who: '{fm.attendees}', kind: '{ext} in {parent}' } }, F.meeting, { addTags: [], removeTags: [], setProperties: { who: 'Ann, Bob', kind: 'md in Inbox' } }],
  [{ thenSetProperties: { missing: '{fm.nothing}' } }, F.welcome, { addTags: [], removeTags: [], setProperties: { missing: '' } }],
];

// Edits whose placeholders leave no legal tag for the note: refused for that note, with the reason.
export const EDIT_REFUSALS: [rule: Record<string, unknown>, note: string, reason: string][] = [
  [{ thenAddTags: ['{fm.nothing}'] }, F.welcome, '"thenAddTags" "{fm.nothing}" gives "" for Welcome.md, which is not a tag'],
  [{ thenAddTags: ['{fm.priority}'] }, F.alpha, '"thenAddTags" "{fm.priority}" gives "1" for Projects/Alpha.md, which is not a tag'],
];

// Edit actions planned on the fixture vault: the operations (after the moves), each with the values
// before and after; nothing when the note already holds them; attachments refused with the rule named.
type Planned = [type: string, path: string, before?: unknown, after?: unknown];
export const PLAN_EDIT_CONFORMANCE: [rule: Record<string, unknown>, folder: string, operations: Planned[], refusals: string[]][] = [
  [{ if: 'file.folder == "Projects"', thenAddTags: ['project'] }, '', [['add_tags', F.gamma, [], ['project']]], []],
  [
    { if: 'file.name == "Beta"', thenRemoveTags: ['project/beta'], thenSetProperties: { status: 'Done', archived: true } },
    '',
    [
      ['remove_tags', F.beta, ['project', 'project/beta'], ['project']],
      ['set_properties', F.beta, { archived: null }, { archived: true }],
    ],
    [],
  ],
  [
    { if: 'file.name == "Meeting notes"', thenMoveTo: 'Meetings', thenAddTags: ['followup', 'Meeting', 'filed'] },
    'Inbox',
    [
      ['create_folder', 'Inbox/Meetings'],
      ['move', F.meeting],
      ['add_tags', F.meeting, ['meeting', 'work/acme'], ['meeting', 'work/acme', 'filed']],
    ],
    [],
  ],
  [{ if: 'file.name == "Welcome"', thenSetProperties: { status: null, rank: 1 } }, '', [['set_properties', F.welcome, { status: 'draft', rank: null }, { status: null, rank: 1 }]], []],
  [{ if: 'file.name == "Gamma"', thenSetProperties: { draft: false, priority: 5 }, thenRemoveTags: ['absent'] }, '', [], []],
  [{ if: 'file.ext == "png"', thenAddTags: ['picture'] }, 'Inbox', [], ['rule "R": only notes can be edited; Inbox/Screenshot 2024-03-02 at 10.15.00.png is an attachment, so the rule\'s tags and properties cannot be set on it']],
];
