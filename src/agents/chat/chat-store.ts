// Chats that are never lost. Each chat is one JSON file in the plugin's folder,
// `<configDir>/plugins/reeve/chats/<id>.json`, written through the StateStore's atomic replace
// after every message: a crash mid-save leaves the previous version whole. Kept out of the vault so
// that chats are not notes (not indexed, searched, linked or synced as notes, and never read by
// Scout); the files are plain, pretty-printed JSON, readable without Reeve, and "Export to note"
// writes a chat as a Markdown note into the chat folder when the user wants one.
//
// A file that is not a chat Reeve can read (corrupt, foreign, a newer format) is refused with
// the reason and left on disk exactly as it is: nothing here rewrites a file it could not read.

import type { StateStore, VaultPort } from '../../vault-vfs/vault-port';
import { decodeChat, encodeChat } from './chat-codec';
import { chatToMarkdown } from './chat-note';
import type { Chat, ChatSummary } from './chat-types';

export const CHATS_DIR = 'chats';
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** A chat file that cannot be opened, with why; the file is left as it was. */
export class ChatFileError extends Error {
  constructor(
    readonly id: string,
    readonly reason: string,
  ) {
    super(`The chat file ${CHATS_DIR}/${id}.json cannot be opened: ${reason}. It was left as it is.`);
  }
}

export function newChatId(now: Date = new Date()): string {
  return `c${now.getTime().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function newChat(title = 'New chat', now: Date = new Date()): Chat {
  return { id: newChatId(now), title, createdAt: now.toISOString(), updatedAt: now.toISOString(), messages: [] };
}

/** A title from the first request: its first line, cut at a word near 60 characters. */
export function titleFrom(request: string): string {
  const line = request.trim().split('\n')[0]?.trim() ?? '';
  if (line.length <= 60) return line || 'New chat';
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${space > 30 ? cut.slice(0, space) : cut}…`;
}

function fileOf(id: string): string {
  if (!ID.test(id)) throw new ChatFileError(id, 'the id is not a chat id (letters, digits, - and _ only)');
  return `${CHATS_DIR}/${id}.json`;
}

/** A note name from a title: no characters Obsidian refuses in names, never empty. */
function noteName(title: string): string {
  const name = title.replace(/[\\/:*?"<>|#^[\]]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return name.slice(0, 80) || 'Chat';
}

/** The chat id in a note's frontmatter (`reeve-chat: ID`), or null. */
function exportedFrom(text: string): string | null {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== '---') return null;
  for (const line of lines.slice(1)) {
    if (line === '---') return null;
    const m = /^reeve-chat: ([A-Za-z0-9_-]+)\s*$/.exec(line);
    if (m) return m[1] ?? null;
  }
  return null;
}

export class ChatStore {
  /** Saves of one chat run one after another, so an older save never lands after a newer one. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly state: StateStore,
    private readonly vault: VaultPort,
    private readonly chatFolder: () => string,
  ) {}

  static of(vault: VaultPort, chatFolder: () => string): ChatStore {
    return new ChatStore(vault.state, vault, chatFolder);
  }

  /** Every chat file, newest first; files that cannot be opened are listed with their problem. */
  async list(): Promise<ChatSummary[]> {
    const out: ChatSummary[] = [];
    for (const name of await this.state.list(CHATS_DIR)) {
      const m = /^chats\/(.+)\.json$/.exec(name);
      if (!m?.[1]) continue;
      const id = m[1];
      const text = await this.state.read(name);
      const decoded = text === null ? ({ ok: false, reason: 'it disappeared while being read' } as const) : decodeChat(text);
      if (decoded.ok) {
        const c = decoded.chat;
        out.push({ id, title: c.title, createdAt: c.createdAt, updatedAt: c.updatedAt, messageCount: c.messages.length, problem: c.id === id ? null : `its id "${c.id}" does not match its file name` });
      } else out.push({ id, title: id, createdAt: '', updatedAt: '', messageCount: 0, problem: decoded.reason });
    }
    return out.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  }

  /** The chat; throws ChatFileError (with the reason) for a file it cannot read. */
  async load(id: string): Promise<Chat> {
    const text = await this.state.read(fileOf(id));
    if (text === null) throw new ChatFileError(id, 'there is no such chat');
    const decoded = decodeChat(text);
    if (!decoded.ok) throw new ChatFileError(id, decoded.reason);
    if (decoded.chat.id !== id) throw new ChatFileError(id, `its id "${decoded.chat.id}" does not match its file name`);
    return decoded.chat;
  }

  /**
   * Writes the chat, atomically. Refuses to replace a file that exists but is not a chat Reeve
   * can read (that file may be the only copy of something): the user removes it first.
   */
  save(chat: Chat): Promise<void> {
    const file = fileOf(chat.id);
    const text = encodeChat(chat);
    const previous = this.queues.get(chat.id) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const old = await this.state.read(file);
        if (old !== null) {
          const decoded = decodeChat(old);
          if (!decoded.ok) throw new ChatFileError(chat.id, `${decoded.reason}; it was not overwritten`);
        }
        await this.state.write(file, text);
      });
    this.queues.set(chat.id, next);
    void next.finally(() => {
      if (this.queues.get(chat.id) === next) this.queues.delete(chat.id);
    }).catch(() => undefined);
    return next;
  }

  async rename(id: string, title: string): Promise<Chat> {
    const t = title.trim();
    if (t === '') throw new Error('a chat needs a title');
    const chat = { ...(await this.load(id)), title: t, updatedAt: new Date().toISOString() };
    await this.save(chat);
    return chat;
  }

  /** Deletes the chat's file (also one that could not be read: the user asked for it by name). */
  async remove(id: string): Promise<void> {
    await (this.queues.get(id) ?? Promise.resolve()).catch(() => undefined);
    await this.state.remove(fileOf(id));
  }

  /**
   * Writes the chat as a Markdown note in the chat folder and returns its path. A note exported
   * from this chat before is brought up to date; another note of that name is never touched.
   */
  async exportToNote(id: string): Promise<string> {
    const chat = await this.load(id);
    const text = chatToMarkdown(chat);
    const folder = this.chatFolder();
    const base = noteName(chat.title);
    for (let n = 1; n < 1000; n++) {
      const path = `${folder}/${n === 1 ? base : `${base} ${n}`}.md`;
      const stat = await this.vault.stat(path);
      if (stat === null) {
        await this.vault.create(path, text);
        return path;
      }
      // The note's own frontmatter says which chat it was exported from (read fresh, not cached).
      if (exportedFrom(await this.vault.read(path)) === chat.id) {
        await this.vault.process(path, () => text);
        return path;
      }
    }
    throw new Error(`there are too many notes named "${base}" in ${folder}`);
  }
}
