// Generated vaults shaped like other people's, for the known-item quality and latency rows: the
// generated benchmark corpus has English titles of two common words and a number, and the help
// vault has English titles of real words; real vaults also hold titles in German and French with
// their accents, Chinese and Japanese titles, IDs with digits (`route53`, `liuxingyu521`, daily
// notes `2024-03-02`) and Zettelkasten titles (`202311281019 Idea title`). Each shape is
// deterministic (seeded) and written as plain notes, so every machine measures the same vault.
//
// What makes a known item hard to find is that its title's words are everywhere else too: every
// note's text is drawn from the same words as the titles, and other titles share words with it.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { makeRng } from './corpus';

export interface VaultShape {
  name: string;
  /** What the shape stands for, in one line. */
  about: string;
  /** True where titles are words (the aim there is MRR >= 0.95), false for IDs and numbers. */
  wordTitles: boolean;
  notes: number;
  /** The title of note `i` (unique within the shape), and a folder for it. */
  title(rng: () => number, i: number): { folder: string; title: string };
  /** Words the text of the notes is drawn from. */
  words: readonly string[];
}

function pick<T>(rng: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)] as T;
}

const GERMAN = (
  'Überblick Steuererklärung Wohnung Küche Gespräch Besprechung Zusammenfassung Übersicht Straße Größe Führung ' +
  'Prüfung Ärger Lösung Entwicklung Hausarbeit Vorlesung Mitschrift Einkaufsliste Reiseplanung Geburtstag Urlaub ' +
  'Gesundheit Ernährung Fahrrad Werkstatt Bücher Lektüre Gedanken Tagebuch Verträge Versicherung Rechnung Kündigung ' +
  'und der die das mit für über bei nach von zum zur ein eine'
).split(' ');
const FRENCH = (
  'Réunion équipe hebdomadaire café Résumé lecture idées été hiver déménagement élèves cours leçon préparation ' +
  'fenêtre bibliothèque écriture rédaction numérique santé médecin vacances voyage Québec Genève château forêt ' +
  'recette gâteau crème brûlée projet tâches à faire de la le les du des et pour avec sur'
).split(' ');
const CJK = (
  '机器学习 笔记 读书 项目 会议 记录 计划 旅行 东京 京都 日本語 勉強 東京旅行 の 計画 料理 レシピ 読書 メモ 仕事 ' +
  '研究 论文 数据库 设计 周报 日记 健康 运动 プログラミング 入門 振り返り 議事録'
).split(' ');
const ENGLISH = (
  'project meeting notes review plan weekly idea draft summary design system research reading book ' +
  'garden recipe travel health journal roadmap client invoice database migration setup guide'
).split(' ');
const IDS = (
  'route53 ec2 s3 k8s v2 ipv6 oauth2 liuxingyu521 zhang3 user42 bob1984 gpt4 python3 es6 http2 ' +
  'vue3 node20 win11 a11y i18n sha256 utf8 mp3 h264 x86 arm64 covid19 web3 log4j'
).split(' ');
const ZETTEL = (
  'idea thought claim question argument evidence source concept principle pattern memory habit attention ' +
  'learning writing thinking reading note link structure emergence feedback loop system complexity ' +
  'knowledge insight creativity focus practice deliberate spaced repetition atomic permanent literature fleeting'
).split(' ');

function words(rng: () => number, from: readonly string[], n: number): string {
  return Array.from({ length: n }, () => pick(rng, from)).join(' ');
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function isoDate(day: number): string {
  return new Date(Date.UTC(2022, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

export const VAULT_SHAPES: readonly VaultShape[] = [
  {
    name: 'German and French titles',
    about: 'titles of 2-4 German or French words with umlauts, accents and ß',
    wordTitles: true,
    notes: 1500,
    words: [...GERMAN, ...FRENCH],
    title: (rng, i) => {
      const lang = i % 2 === 0 ? GERMAN : FRENCH;
      return { folder: i % 2 === 0 ? 'Notizen' : 'Carnets', title: capitalize(words(rng, lang, 2 + Math.floor(rng() * 3))) };
    },
  },
  {
    name: 'Chinese and Japanese titles',
    about: 'titles of CJK words, some with an English word, no spaces between CJK words',
    wordTitles: true,
    notes: 1500,
    words: [...CJK, ...ENGLISH],
    title: (rng) => {
      const cjk = Array.from({ length: 2 + Math.floor(rng() * 2) }, () => pick(rng, CJK)).join('');
      return { folder: pick(rng, ['笔记', 'メモ', 'Inbox']), title: rng() < 0.3 ? `${cjk} ${pick(rng, ENGLISH)}` : cjk };
    },
  },
  {
    name: 'IDs with digits and daily notes',
    about: 'titles with words like route53 and liuxingyu521, ticket numbers, and daily notes named 2024-03-02',
    wordTitles: false,
    notes: 1500,
    words: [...IDS, ...ENGLISH],
    title: (rng, i) => {
      if (i % 4 === 0) return { folder: 'Daily', title: isoDate(i) };
      if (i % 4 === 1) return { folder: 'Tickets', title: `${capitalize(pick(rng, ENGLISH))} ${1000 + Math.floor(rng() * 9000)} ${pick(rng, IDS)}` };
      return { folder: 'Dev', title: `${pick(rng, IDS)} ${words(rng, ENGLISH, 1 + Math.floor(rng() * 2))}` };
    },
  },
  {
    name: 'Zettelkasten',
    about: 'titles of a 12-digit timestamp and 2-5 words (202311281019 Idea title)',
    wordTitles: true,
    notes: 1500,
    words: ZETTEL,
    title: (rng, i) => {
      const stamp = `2023${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${String(i % 24).padStart(2, '0')}${String((i * 7) % 60).padStart(2, '0')}`;
      return { folder: 'Zettel', title: `${stamp} ${capitalize(words(rng, ZETTEL, 2 + Math.floor(rng() * 4)))}` };
    },
  },
];

/** Writes the shape's notes under `dir`; returns their vault paths. */
export async function writeVaultShape(dir: string, shape: VaultShape, seed = 29): Promise<string[]> {
  const rng = makeRng(seed);
  const seen = new Set<string>();
  const notes: { path: string; title: string }[] = [];
  for (let i = 0; notes.length < shape.notes; i++) {
    const { folder, title } = shape.title(rng, i);
    const p = `${folder}/${title}.md`;
    if (seen.has(p.toLowerCase()) || i > shape.notes * 20) continue;
    seen.add(p.toLowerCase());
    notes.push({ path: p, title });
  }
  for (const note of notes) {
    const paragraphs: string[] = [`# ${note.title}`];
    const count = 2 + Math.floor(rng() * 8);
    for (let k = 0; k < count; k++) {
      // Text of the same words as the titles, and links to other notes, as real notes have.
      const link = rng() < 0.5 ? ` [[${(pick(rng, notes) as { title: string }).title}]]` : '';
      paragraphs.push(`${capitalize(words(rng, shape.words, 8 + Math.floor(rng() * 30)))}.${link}`);
    }
    const full = path.join(dir, note.path);
    await fs.mkdir(path.dirname(full), { recursive: true });
    await fs.writeFile(full, paragraphs.join('\n\n') + '\n');
  }
  return notes.map((n) => n.path);
}
