// A generated messy inbox whose true folders are known, for measuring how well organize groups
// files (V-measure against the truth). Deterministic for a seed. It mixes what piles up in a real
// inbox, each kind with the uneven evidence real files carry: daily notes, meetings (dated before
// or after the title, or not at all), people, projects, recipes, books and web clippings (some with
// frontmatter `type`, some with a tag, some with only their text to go by), screenshots from
// macOS, CleanShot and Android, invoices and receipts, camera photos (IMG_1234.jpg,
// PXL_20260301_…, DSC_0042.JPG). Notes link to people and projects and embed screenshots and
// photos; a few files sit in subfolders (a camera upload folder, a downloads folder with an old
// subfolder), so depth matters too. Attachments are small binary files with real magic bytes.
import { makeRng } from '../corpus';

export type InboxClass = 'Daily' | 'Meetings' | 'People' | 'Projects' | 'Recipes' | 'Books' | 'Clippings' | 'Screenshots' | 'Invoices' | 'Photos';

export interface InboxFile {
  /** Vault path, under `Inbox/`. */
  path: string;
  data: string | Uint8Array;
  /** The folder a careful user would file it in. */
  truth: InboxClass;
}

export interface InboxOptions {
  seed?: number;
  /** Multiplies every count; 1 gives about 200 files. */
  scale?: number;
}

const FIRST = ['Ana', 'Bruno', 'Chloe', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiro', 'Inès', 'Jonas', 'Kofi', 'Lena', 'Mateo', 'Nadia', 'Olu', 'Priya'];
const LAST = ['Costa', 'Lima', 'Martin', 'Ivanov', 'Rossi', 'Haddad', 'Okafor', 'Tanaka', 'Dubois', 'Berg', 'Mensah', 'Novak', 'García', 'Sato', 'Adeyemi', 'Shah'];
const PROJECTS = ['Website redesign', 'Garden project', 'Kitchen renovation', 'Project Phoenix', 'Tax return 2025', 'Marathon training', 'Podcast launch', 'Home server', 'Wedding planning', 'Thesis', 'Mobile app v2', 'Newsletter'];
const DISHES = ['Sourdough bread', 'Lentil soup', 'Shakshuka', 'Pad thai', 'Banana bread', 'Mushroom risotto', 'Chili con carne', 'Pancakes', 'Ramen', 'Tiramisu', 'Falafel', 'Gazpacho', 'Apple pie', 'Dal'];
const BOOKS: [string, string][] = [
  ['Dune', 'Frank Herbert'], ['The Overstory', 'Richard Powers'], ['Braiding Sweetgrass', 'Robin Wall Kimmerer'], ['Deep Work', 'Cal Newport'],
  ['Piranesi', 'Susanna Clarke'], ['Educated', 'Tara Westover'], ['The Dispossessed', 'Ursula K. Le Guin'], ['Thinking, Fast and Slow', 'Daniel Kahneman'],
  ['Middlemarch', 'George Eliot'], ['Sapiens', 'Yuval Noah Harari'], ['Station Eleven', 'Emily St. John Mandel'], ['The Pragmatic Programmer', 'Hunt and Thomas'],
];
const ARTICLES = ['How to build raised beds', 'Why sleep matters', 'A guide to sourdough starters', 'The case for boring technology', 'Lisbon in three days', 'Understanding index funds', 'How Git works inside', 'Composting for beginners', 'Writing better commit messages', 'The science of habit', 'Running your first marathon', 'Intro to home networking', 'What is a zettelkasten', 'Caring for houseplants'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const VENDORS = ['ACME', 'Hetzner', 'Amazon', 'Ikea', 'Adobe', 'Vodafone', 'Stadtwerke'];

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff, 0xe0];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37];

export function generateInbox(opts: InboxOptions = {}): InboxFile[] {
  const rng = makeRng(opts.seed ?? 1);
  const scale = opts.scale ?? 1;
  const count = (n: number): number => Math.max(1, Math.round(n * scale));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
  const chance = (p: number): boolean => rng() < p;
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  const files: InboxFile[] = [];
  const used = new Set<string>();
  const add = (path: string, data: string | Uint8Array, truth: InboxClass): string => {
    let p = path;
    for (let n = 2; used.has(p.toLowerCase()); n++) p = path.replace(/(\.[^./]+)$/u, ` ${n}$1`);
    used.add(p.toLowerCase());
    files.push({ path: p, data, truth });
    return p;
  };
  const binary = (magic: number[]): Uint8Array => {
    const bytes = new Uint8Array(200 + Math.floor(rng() * 600));
    bytes.set(magic);
    for (let i = magic.length; i < bytes.length; i++) bytes[i] = Math.floor(rng() * 256);
    return bytes;
  };
  // A day in 2025-11 .. 2026-04.
  const day = (): Date => new Date(Date.UTC(2025, 10, 1) + Math.floor(rng() * 180) * 86_400_000);
  const iso = (d: Date): string => d.toISOString().slice(0, 10);
  const compact = (d: Date): string => iso(d).replace(/-/gu, '');
  const time = (): [number, number, number] => [7 + Math.floor(rng() * 14), Math.floor(rng() * 60), Math.floor(rng() * 60)];
  const frontmatter = (fields: string[]): string => (fields.length === 0 ? '' : `---\n${fields.join('\n')}\n---\n`);

  // People and projects first: everything else links to them.
  const people = Array.from({ length: count(14) }, () => `${pick(FIRST)} ${pick(LAST)}`).filter((p, i, all) => all.indexOf(p) === i);
  const projects = PROJECTS.slice(0, Math.min(PROJECTS.length, count(8)));
  for (const person of people) {
    const r = rng();
    const fields = r < 0.5 ? ['type: person', `email: ${person.split(' ')[0]?.toLowerCase() ?? 'x'}@example.com`] : r < 0.75 ? ['tags: [person]'] : [];
    add(`Inbox/${person}.md`, `${frontmatter(fields)}# ${person}\n\nRole: ${pick(['designer', 'engineer', 'gardener', 'accountant', 'friend', 'manager'])}. Works on [[${pick(projects)}]].\n`, 'People');
  }
  for (const project of projects) {
    const r = rng();
    const fields = r < 0.6 ? ['tags: [project]', 'status: active'] : r < 0.85 ? ['status: active', `due: 2026-0${1 + Math.floor(rng() * 9)}-15`] : [];
    add(`Inbox/${project}.md`, `${frontmatter(fields)}# ${project}\n\nOwner: [[${pick(people)}]].\n\n## Tasks\n- [ ] Draft the plan\n- [ ] Review with [[${pick(people)}]]\n`, 'Projects');
  }

  // Screenshots and photos, so notes can embed them.
  const screenshots: string[] = [];
  for (let i = 0; i < count(24); i++) {
    const d = day();
    const [h, m, s] = time();
    const r = rng();
    const file =
      r < 0.45 ? `Screenshot ${iso(d)} at ${h}.${pad(m)}.${pad(s)}.png`
      : r < 0.65 ? `CleanShot ${iso(d)} at ${pad(h)}.${pad(m)}.${pad(s)}@2x.png`
      : r < 0.8 ? `Screen Shot ${iso(d)} at ${h > 12 ? h - 12 : h}.${pad(m)}.${pad(s)} ${h >= 12 ? 'PM' : 'AM'}.png`
      : `Screenshot_${compact(d)}-${pad(h)}${pad(m)}${pad(s)}.png`;
    screenshots.push(add(i % 6 === 5 ? `Inbox/Downloads/old/${file}` : `Inbox/${file}`, binary(PNG), 'Screenshots'));
  }
  const photos: string[] = [];
  for (let i = 0; i < count(30); i++) {
    const d = day();
    const [h, m, s] = time();
    const r = rng();
    const file =
      r < 0.35 ? `IMG_${1000 + Math.floor(rng() * 9000)}.jpg`
      : r < 0.55 ? `PXL_${compact(d)}_${pad(h)}${pad(m)}${pad(s)}${pad(Math.floor(rng() * 1000), 3)}.jpg`
      : r < 0.7 ? `DSC_${pad(Math.floor(rng() * 10000), 4)}.JPG`
      : r < 0.85 ? `IMG_${compact(d)}_${pad(h)}${pad(m)}${pad(s)}.heic`
      : `${compact(d)}_${pad(h)}${pad(m)}${pad(s)}.jpg`;
    photos.push(add(i % 3 === 2 ? `Inbox/Camera Uploads/${file}` : `Inbox/${file}`, binary(JPG), 'Photos'));
  }
  const embed = (p: string): string => `![[${p.slice(p.lastIndexOf('/') + 1)}]]`;

  for (let i = 0; i < count(30); i++) {
    const d = day();
    const title = chance(0.8) ? iso(d) : `${iso(d)} ${WEEKDAYS[d.getUTCDay()] ?? ''}`;
    const lines = [`# ${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`, '', `- Call with [[${pick(people)}]]`, `- Worked on [[${pick(projects)}]]`];
    if (chance(0.3)) lines.push(embed(pick(screenshots)));
    if (chance(0.2)) lines.push(embed(pick(photos)));
    add(`Inbox/${title}.md`, `${frontmatter(chance(0.3) ? ['tags: [daily]'] : [])}${lines.join('\n')}\n`, 'Daily');
  }
  for (let i = 0; i < count(24); i++) {
    const d = day();
    const who = pick(people);
    const first = who.split(' ')[0] ?? who;
    const r = rng();
    const title =
      r < 0.35 ? `${iso(d)} Meeting with ${who}`
      : r < 0.6 ? `Meeting with ${first} ${iso(d)}`
      : r < 0.75 ? `1-1 ${first} ${iso(d)}`
      : r < 0.9 ? `${pick(['Weekly sync', 'Standup', 'Retro', 'Planning'])} ${iso(d)}`
      : `${pick(projects)} kickoff`;
    const fields = chance(0.6) ? ['type: meeting', `date: ${iso(d)}`, `attendees: ["[[${who}]]"]`] : chance(0.5) ? ['tags: [meeting]'] : [];
    add(`Inbox/${title}.md`, `${frontmatter(fields)}# ${title}\n\nWith [[${who}]] about [[${pick(projects)}]].\n\n## Decisions\n- Ship the draft by Friday\n`, 'Meetings');
  }
  for (const dish of DISHES.slice(0, count(12))) {
    const r = rng();
    const fields = r < 0.6 ? ['tags: [recipe]', `servings: ${2 + Math.floor(rng() * 6)}`] : r < 0.8 ? [`servings: ${2 + Math.floor(rng() * 6)}`] : [];
    const file = chance(0.3) ? `Recipe - ${dish}` : dish;
    add(`Inbox/${file}.md`, `${frontmatter(fields)}# ${dish}\n\n## Ingredients\n- flour\n- salt\n\n## Steps\n1. Mix.\n2. Cook.\n`, 'Recipes');
  }
  for (const [title, author] of BOOKS.slice(0, count(10))) {
    const r = rng();
    const fields = r < 0.5 ? ['type: book', `author: ${author}`] : r < 0.8 ? ['tags: [book]', `author: ${author}`] : [];
    add(`Inbox/${title.replace(/,/gu, '')}.md`, `${frontmatter(fields)}# ${title}\n\nBy ${author}. Rating: ${1 + Math.floor(rng() * 5)}/5.\n`, 'Books');
  }
  for (const [i, article] of ARTICLES.slice(0, count(12)).entries()) {
    const r = rng();
    const url = `https://example.com/${article.toLowerCase().replace(/\s+/gu, '-')}`;
    const fields = r < 0.6 ? [`source: ${url}`, 'tags: [clippings]', `created: ${iso(day())}`] : r < 0.8 ? [`source: ${url}`] : [];
    const file = chance(0.4) ? `Clipping - ${article}` : article;
    const folder = i % 5 === 4 ? 'Inbox/Downloads' : 'Inbox';
    add(`${folder}/${file}.md`, `${frontmatter(fields)}# ${article}\n\n> Quoted from [the article](${url}).\n`, 'Clippings');
  }
  for (let i = 0; i < count(14); i++) {
    const d = day();
    const vendor = pick(VENDORS);
    const r = rng();
    const file =
      r < 0.4 ? `invoice-${iso(d).slice(0, 4)}-${pad(1 + Math.floor(rng() * 400), 3)}.pdf`
      : r < 0.65 ? `Invoice ${vendor} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}.pdf`
      : r < 0.85 ? `receipt_${vendor.toLowerCase()}_${compact(d)}.pdf`
      : `Rechnung_${d.getUTCFullYear()}_${pad(Math.floor(rng() * 10000), 4)}.pdf`;
    add(i % 4 === 3 ? `Inbox/Downloads/${file}` : `Inbox/${file}`, binary(PDF), 'Invoices');
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** The truth as item -> class, for V-measure. */
export function inboxTruth(files: readonly InboxFile[]): Map<string, string> {
  return new Map(files.map((f) => [f.path, f.truth]));
}
