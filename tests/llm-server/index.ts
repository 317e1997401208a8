// The scripted LLM server, for any test that needs a model (the LLM layer, agents, organize).
export { startScriptedLlmServer, type ScriptedLlmServer, type RecordedRequest, type ReplyScript, type Api } from './scripted-llm-server';
export { reply, approxTokens, type ScriptedReply, type ScriptedTurn, type ScriptedToolCall } from './scripted-replies';
export { embedText, DEFAULT_EMBEDDING_DIMENSIONS } from './embeddings';
