// Ctrl-C while `reeve ask` writes its proposals: the real binary in a child process, the scripted
// model over HTTP on loopback answering with thousands of new notes, and SIGINT sent once the first
// ones are on disk. The stop takes effect between notes: the run ends soon after, says "stopped",
// reports exactly the notes it created, and every one of them is a recorded pending block that
// `reeve pending reject` takes back.
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliBundle, removeCliBundle, runReeve } from '../helpers/cli';
import { reply } from '../llm-server';
import { agentTestEnv } from '../agents/organize/agent-fixtures';

const env = agentTestEnv();
const NOTES = 6000;

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
  /** How many notes were on disk when SIGINT was sent. */
  atSignal: number;
}

async function countNotes(dir: string): Promise<number> {
  return (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.md')).length;
}

/** Runs `reeve ask` and sends SIGINT once `threshold` new notes exist in `folder`. */
function askAndInterrupt(bin: string, args: string[], folder: string, threshold: number): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let atSignal = -1;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const poll = setInterval(() => {
      void countNotes(folder).then((n) => {
        if (atSignal >= 0 || n < threshold) return;
        atSignal = n;
        child.kill('SIGINT');
      });
    }, 5);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout, stderr, atSignal });
    });
  });
}

describe('reeve ask stopped with Ctrl-C while proposals are written', () => {
  let bin = '';
  beforeAll(async () => {
    bin = await buildCliBundle();
  }, 60_000);
  afterAll(() => removeCliBundle(bin));

  it('stops between notes, reports exactly what it created, and each created note is a pending block reject takes back', async () => {
    const tv = await env.vault({ 'Home.md': '# Home\n\nIdeas.\n' });
    const before = await tv.snapshot();
    const edits = Array.from({ length: NOTES }, (_, i) => ({ file: `New/Idea ${String(i).padStart(4, '0')}.md`, position: 'create', content: `# Idea ${i}\n` }));
    env.server.script(reply.toolCall('propose_edits', { summary: 'Made the notes.', edits }));
    const exit = await askAndInterrupt(
      bin,
      ['ask', tv.dir, 'make notes', '--current', 'Home', '--allow', 'add,create', '--json', '--provider', 'openai-compatible', '--base-url', env.server.openaiBaseUrl, '--model', 'scripted'],
      path.join(tv.dir, 'New'),
      20,
    );
    expect(exit.atSignal).toBeGreaterThanOrEqual(20);
    // Stopped: exit 1, and the one JSON document says so.
    expect(exit.code).toBe(1);
    const out = JSON.parse(exit.stdout) as { stopped: boolean; edits: { id: string; file: string; type: string }[]; refused: { file: string; reason: string }[] };
    expect(out.stopped).toBe(true);
    // The stop took effect between notes: far from every note was made.
    const onDisk = (await readdir(path.join(tv.dir, 'New'))).filter((n) => n.endsWith('.md')).map((n) => `New/${n}`).sort();
    expect(onDisk.length).toBeLessThan(NOTES);
    expect(onDisk.length).toBeGreaterThanOrEqual(exit.atSignal);
    // What was written is reported, note by note, and nothing else was written.
    expect(out.edits.map((e) => e.file).sort()).toEqual(onDisk);
    expect(out.edits.every((e) => e.type === 'add')).toBe(true);
    // What was not is said too, with the reason.
    expect(out.refused).toHaveLength(NOTES - onDisk.length);
    expect(new Set(out.refused.map((r) => r.reason))).toEqual(new Set(['not written: the run was stopped before this note']));
    // Each created note is a pending block Reeve recorded: reject takes every one back.
    const listed = JSON.parse((await runReeve(['pending', tv.dir, 'list', '--json'])).stdout) as { note: string; proposedHere: boolean }[];
    expect(listed.map((l) => l.note).sort()).toEqual(onDisk);
    expect(listed.every((l) => l.proposedHere)).toBe(true);
    const rejected = await runReeve(['pending', tv.dir, 'reject', '--all']);
    expect(rejected.code).toBe(0);
    const after = await tv.snapshot();
    const kept = [...after].filter(([p]) => !p.startsWith('.trash/') && p !== '.trash/' && p !== 'New/');
    expect(new Map(kept)).toEqual(before);
  }, 120_000);
});
