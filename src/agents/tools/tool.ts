// A tool the agent loop can offer the model: its schema, whether calling it ends the run, and
// how it runs. Arguments are validated before `run` sees them; invalid calls are never executed,
// and the model is told what was wrong and what the tool needs.

import type * as v from 'valibot';
import type { ToolSpec } from '../llm/chat-types';
import { argumentsJsonSchema, checkArguments, type ArgumentsSchema } from './tool-schema';

export interface ToolContext {
  callId: string;
  signal?: AbortSignal;
}

/**
 * What a tool returns: text for the model, and optionally data for the program (e.g. a plan).
 * `endsRun` ends the run after this call, as a terminal tool does, when the outcome decides it
 * (Scout's `update_selection` with confidence "done").
 */
export type ToolOutput = string | { content: string; data?: unknown; endsRun?: boolean };

export interface ToolDefinition<S extends ArgumentsSchema> {
  name: string;
  description: string;
  input: S;
  /** A successful call ends the run (e.g. `propose_edits`, `submit_plan`). */
  terminal?: boolean;
  run(args: v.InferOutput<S>, context: ToolContext): ToolOutput | Promise<ToolOutput>;
  /**
   * How to get the rest of a result the agent loop had to cut to fit the context window (`shown`
   * is what was sent of `whole`): which arguments to call again with. Without it the model is
   * told to call the tool again by itself, with fewer calls in the turn.
   */
  rest?(args: v.InferOutput<S>, shown: string, whole: string): string;
}

export type ToolExecution =
  | { status: 'ok'; content: string; data?: unknown; args: unknown; endsRun?: boolean }
  | { status: 'invalid'; content: string; problems: string[] }
  | { status: 'failed'; content: string };

export interface Tool {
  readonly name: string;
  readonly terminal: boolean;
  readonly spec: ToolSpec;
  /** Validates `rawArguments` (the model's JSON text) and runs the tool if they are valid. */
  execute(rawArguments: string, context: ToolContext): Promise<ToolExecution>;
  /** How to get the rest of a cut result, for the arguments a successful call ran with. */
  rest(args: unknown, shown: string, whole: string): string;
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function defineTool<S extends ArgumentsSchema>(definition: ToolDefinition<S>): Tool {
  const { name, description, input } = definition;
  if (!TOOL_NAME.test(name)) throw new Error(`Tool name "${name}" must be 1-64 letters, digits, "_" or "-"`);
  const spec: ToolSpec = { name, description, parameters: argumentsJsonSchema(name, input) };
  const schemaText = JSON.stringify(spec.parameters);
  const again = `Call ${name} again by itself, or with fewer calls in one turn, to see more.`;
  return {
    name,
    terminal: definition.terminal ?? false,
    spec,
    rest: (args, shown, whole) => (definition.rest ? definition.rest(args, shown, whole) : again),
    async execute(rawArguments, context) {
      const checked = checkArguments(input, rawArguments);
      if (!checked.ok) {
        const content = [
          `The call to "${name}" was not executed: its arguments are invalid.`,
          ...checked.problems.map((p) => `- ${p}`),
          `Call "${name}" again with arguments matching this JSON schema:`,
          schemaText,
        ].join('\n');
        return { status: 'invalid', content, problems: checked.problems };
      }
      try {
        const output = await definition.run(checked.value, context);
        return typeof output === 'string' ? { status: 'ok', content: output, args: checked.value } : { status: 'ok', content: output.content, data: output.data, args: checked.value, ...(output.endsRun === true ? { endsRun: true } : {}) };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { status: 'failed', content: `The tool "${name}" failed: ${reason}` };
      }
    },
  };
}
