// Model outputs with the calls they hold, for the text tool-call parser. Most are the inputs and
// expected calls of vLLM's published tool-parser tests (vllm-project/vllm, tests/tool_parsers/,
// one file per family, named in `source`) and SGLang's (sgl-project/sglang,
// test/srt/test_function_call_parser.py) and llama.cpp's (ggml-org/llama.cpp, tests/test-chat.cpp); facts only, the parser is Reeve's own. Cases marked
// "issue 28" are the audit's edge cases; "format" cases write a family's documented shape where
// the published tests read here had none. `negatives` are text that holds no call at all.

export interface CorpusCall {
  name: string;
  /** The arguments as a value (compared after parsing), or the raw text for an unreadable one. */
  args: unknown;
}

export interface CorpusCase {
  source: string;
  family: string;
  reply: string;
  calls: CorpusCall[];
}

const weather = (city: string, state: string, unit: string): CorpusCall => ({ name: 'get_current_weather', args: { city, state, unit } });
const XML_DALLAS = '<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>';
const XML_ORLANDO = XML_DALLAS.replace('Dallas', 'Orlando').replace('TX', 'FL');
const GLM = (city: string, state: string, unit: string): string =>
  `<tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>${city}</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>${state}</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>${unit}</arg_value>\n    </tool_call>`;
const DS = { begin: '<｜tool▁calls▁begin｜>', end: '<｜tool▁calls▁end｜>', call: '<｜tool▁call▁begin｜>', callEnd: '<｜tool▁call▁end｜>', sep: '<｜tool▁sep｜>' };
const KIMI = (id: string, args: string): string => `<|tool_call_begin|>${id} <|tool_call_argument_begin|>${args}<|tool_call_end|>`;
const KIMI_WRAP = (...calls: string[]): string => `<|tool_calls_section_begin|>${calls.join('')}<|tool_calls_section_end|>`;
const VARIOUS = { string_field: 'hello', int_field: 42, float_field: 3.14, bool_field: true, null_field: null, array_field: ['a', 'b', 'c'], object_field: { nested: 'value' }, empty_array: [], empty_object: {} };
const VARIOUS_JSON = '{\n  "string_field": "hello",\n  "int_field": 42,\n  "float_field": 3.14,\n  "bool_field": true,\n  "null_field": null,\n  "array_field": ["a", "b", "c"],\n  "object_field": {"nested": "value"},\n  "empty_array": [],\n  "empty_object": {}\n}';
const ESCAPED = { quoted: 'He said "hello"', path: 'C:\\Users\\file.txt', newline: 'line1\nline2', unicode: 'emoji: 🎉' };
const ESCAPED_JSON = '{\n    "quoted": "He said \\"hello\\"",\n    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }';
const PY_SIMPLE = "get_weather(city='San Francisco', metric='celsius')";
const PY_SIMPLE_CALL = { name: 'get_weather', args: { city: 'San Francisco', metric: 'celsius' } };
const PY_TYPES = "register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])";
const PY_TYPES_CALL = { name: 'register_user', args: { name: 'John Doe', age: 37, address: { city: 'San Francisco', state: 'CA' }, role: null, passed_test: true, aliases: ['John', 'Johnny'] } };
const PY_ESCAPED = String.raw`get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')`;
const PY_ESCAPED_CALL = { name: 'get_weather', args: { city: "Martha's Vineyard", metric: '"cool units"' } };
const HARMONY = (name: string, args: string): string => `<|start|>assistant<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${args}<|call|>`;
const HARMONY_ANALYSIS = '<|channel|>analysis<|message|>User asks: "What is the weather in Tokyo?" We need to use get_current_weather tool.<|end|>';

export const CORPUS: readonly CorpusCase[] = [
  // Hermes (test_hermes_tool_parser.py)
  { source: 'vllm hermes', family: 'hermes', reply: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>', calls: [{ name: 'final_answer', args: { trigger: true } }] },
  { source: 'vllm hermes', family: 'hermes', reply: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}', calls: [{ name: 'final_answer', args: { trigger: true } }] },
  { source: 'vllm hermes', family: 'hermes', reply: '<tool_call>{"name": "get_current_temperature",\n"arguments": {"location":\n"San Francisco, California, United States", "unit": "celsius"}}</tool_call>', calls: [{ name: 'get_current_temperature', args: { location: 'San Francisco, California, United States', unit: 'celsius' } }] },
  { source: 'vllm hermes', family: 'hermes', reply: 'Sure, let me check the weather.<tool_call>{"name": "get_weather", "arguments": {"city": "NYC"}}</tool_call>', calls: [{ name: 'get_weather', args: { city: 'NYC' } }] },
  { source: 'vllm hermes', family: 'hermes', reply: '<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call><tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>', calls: [{ name: 'search', args: { q: 'cats' } }, { name: 'search', args: { q: 'dogs' } }] },
  { source: 'vllm hermes', family: 'hermes', reply: '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>', calls: [{ name: 'get_db_config', args: { param: 'max_connections' } }] },
  // llama.cpp's Hermes 2 Pro variants (ggml-org/llama.cpp, tests/test-chat.cpp)
  ...[
    '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>',
    'Hello, world!\nWhat\'s up?<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>',
    'I\'m\nthinking</think>\n<tool_call>{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>',
    '<function=special_function>{"arg1": 1}</function>',
    '<function name="special_function">\n{"arg1": 1}\n</function>',
    '<tool>\n  {"name": "special_function", "arguments": {"arg1": 1}}\n</tool>',
    '<tools>\n  {"name": "special_function", "arguments": {"arg1": 1}}\n</tools>',
    '<response>\n  {"name": "special_function", "arguments": {"arg1": 1}}\n</response>',
    '```xml\n<response>\n    {"name": "special_function", "arguments": {"arg1": 1}}\n</response>\n```',
    '```xml\n  {"name": "special_function", "arguments": {"arg1": 1}}\n```',
    '```\n  {"name": "special_function", "arguments": {"arg1": 1}}\n```',
    '```json\n  {"name": "special_function", "arguments": {"arg1": 1}}\n```',
    '```json\n\n                    <function_call> {"name": "special_function", "arguments": {"arg1": 1}} \n                    </function_call> \n``` ',
    '<json>\n  {"name": "special_function", "arguments": {"arg1": 1}}\n</json>',
    '<xml>\n  {\n    "name": "special_function", "arguments": {"arg1": 1}\n  }\n</xml>',
    '<JSON>\n  {"name": "special_function", "arguments": {"arg1": 1}}\n</JSON>',
    '{"name": "special_function", "arguments": {"arg1": 1}}',
    '{\n  "name": "special_function", "arguments": {"arg1": 1}}',
  ].map((reply): CorpusCase => ({ source: 'llama.cpp hermes_2_pro', family: 'hermes', reply, calls: [{ name: 'special_function', args: { arg1: 1 } }] })),
  { source: 'llama.cpp hermes_2_pro', family: 'hermes', reply: '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>\n<tool_call>\n{"name": "python", "arguments": {"code":"print(\'hello\')"}}\n</tool_call>', calls: [{ name: 'special_function', args: { arg1: 1 } }, { name: 'python', args: { code: "print('hello')" } }] },
  { source: 'llama.cpp hermes_2_pro', family: 'llama-function-tag', reply: '<function=special_function>{"arg1": 1}</function>\n<function=python>{"code":"print(\'hello\')"}</function>', calls: [{ name: 'special_function', args: { arg1: 1 } }, { name: 'python', args: { code: "print('hello')" } }] },
  { source: 'llama.cpp llama_3_x', family: 'llama3-json', reply: '{"name": "special_function", "parameters": {"arg1": 1}}', calls: [{ name: 'special_function', args: { arg1: 1 } }] },
  // Llama 3.x JSON (test_llama3_json_tool_parser.py)
  { source: 'vllm llama3_json', family: 'llama3-json', reply: 'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?', calls: [{ name: 'getOpenIncidentsTool', args: {} }] },
  { source: 'vllm llama3_json', family: 'llama3-json', reply: '{"name": "searchTool", "parameters": {"query": "test query", "limit": 10}}', calls: [{ name: 'searchTool', args: { query: 'test query', limit: 10 } }] },
  { source: 'vllm llama3_json', family: 'llama3-json', reply: '{"name": "searchTool", "arguments": {"query": "test"}}', calls: [{ name: 'searchTool', args: { query: 'test' } }] },
  { source: 'vllm llama3_json', family: 'llama3-json', reply: 'Here are the results: {"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}} Would you like to know more?', calls: [{ name: 'searchTool', args: { query: 'test1' } }, { name: 'getOpenIncidentsTool', args: {} }, { name: 'searchTool', args: { query: 'test2' } }] },
  { source: 'vllm llama3_json', family: 'llama3-json', reply: '{"name": "complexTool", "parameters": {"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}}', calls: [{ name: 'complexTool', args: { level1: { level2: { level3: { level4: { value: 'deep' } } } } } }] },
  { source: 'vllm llama3_json', family: 'llama3-json', reply: '{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}', calls: [{ name: 'searchTool', args: { query: 'test {value} [complex]', nested: { inner: 'more {brackets}' } } }] },
  { source: 'vllm llama3_json', family: 'llama3-json', reply: '{"name": "parserTool", "parameters": {"text": "He said \\"Hello {world}\\""}}', calls: [{ name: 'parserTool', args: { text: 'He said "Hello {world}"' } }] },
  { source: 'vllm llama3_json', family: 'llama3-json', reply: '{"name": "searchTool", "parameters": {"query": "test"}} I used {searchTool} for this.', calls: [{ name: 'searchTool', args: { query: 'test' } }] },
  { source: 'vllm llama3_json', family: 'llama3-json', reply: '{"name": "searchTool", "parameters": {"query": "test"}} The arguments I passed were {"query": "test"}', calls: [{ name: 'searchTool', args: { query: 'test' } }] },
  { source: 'vllm llama3_json', family: 'llama3-json', reply: '{"name": "searchTool", "parameters": {"query": "test1"}}\n{"name": "getOpenIncidentsTool", "parameters": {}}', calls: [{ name: 'searchTool', args: { query: 'test1' } }, { name: 'getOpenIncidentsTool', args: {} }] },
  { source: 'format (Llama 3.1 prompt format)', family: 'llama3-json', reply: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}<|eom_id|>', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
  { source: 'format (Llama 3.1 prompt format)', family: 'llama-function-tag', reply: '<function=get_weather>{"city": "Paris"}</function>', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
  // Pythonic (test_pythonic_tool_parser.py, test_llama4_pythonic_tool_parser.py)
  { source: 'vllm pythonic', family: 'pythonic', reply: `[${PY_SIMPLE}]`, calls: [PY_SIMPLE_CALL] },
  { source: 'vllm pythonic', family: 'pythonic', reply: `[${PY_TYPES}]`, calls: [PY_TYPES_CALL] },
  { source: 'vllm pythonic', family: 'pythonic', reply: '[get_weather()]', calls: [{ name: 'get_weather', args: {} }] },
  { source: 'vllm pythonic', family: 'pythonic', reply: '[do_something_cool(additional_data={})]', calls: [{ name: 'do_something_cool', args: { additional_data: {} } }] },
  { source: 'vllm pythonic', family: 'pythonic', reply: '[do_something_cool(steps=[])]', calls: [{ name: 'do_something_cool', args: { steps: [] } }] },
  { source: 'vllm pythonic', family: 'pythonic', reply: `[${PY_ESCAPED}]`, calls: [PY_ESCAPED_CALL] },
  { source: 'vllm pythonic', family: 'pythonic', reply: `[${PY_SIMPLE}, ${PY_TYPES}]`, calls: [PY_SIMPLE_CALL, PY_TYPES_CALL] },
  { source: 'format (Llama 4 prompt format)', family: 'pythonic', reply: `<|python_start|>[${PY_SIMPLE}]<|python_end|>`, calls: [PY_SIMPLE_CALL] },
  // SGLang's pythonic detector (test/srt/test_function_call_parser.py): calls after some text
  { source: 'sglang pythonic', family: 'pythonic', reply: "Here's a tool call: [get_weather(location='New York', unit='celsius')]", calls: [{ name: 'get_weather', args: { location: 'New York', unit: 'celsius' } }] },
  { source: 'sglang pythonic', family: 'pythonic', reply: "[get_weather(location='Tokyo')] Here's the forecast:", calls: [{ name: 'get_weather', args: { location: 'Tokyo' } }] },
  { source: 'sglang pythonic', family: 'pythonic', reply: "[get_weather(location='Berlin')] and [search(query='restaurants')]", calls: [{ name: 'get_weather', args: { location: 'Berlin' } }, { name: 'search', args: { query: 'restaurants' } }] },
  { source: 'sglang pythonic', family: 'pythonic', reply: "[search(query='test', config={'options': [1, 2], 'nested': {'key': 'value'}})]", calls: [{ name: 'search', args: { query: 'test', config: { options: [1, 2], nested: { key: 'value' } } } }] },
  { source: 'sglang pythonic', family: 'pythonic', reply: "[get_weather(location='Paris', data=[10, 20]), search(query='test', filters=['a', 'b'])]", calls: [{ name: 'get_weather', args: { location: 'Paris', data: [10, 20] } }, { name: 'search', args: { query: 'test', filters: ['a', 'b'] } }] },
  { source: 'sglang pythonic', family: 'pythonic', reply: "User wants to get the weather in Mars. <|python_start|>[get_weather(location='Mars', unit='celsius')]<|python_end|> In this way we will get the weather in Mars.", calls: [{ name: 'get_weather', args: { location: 'Mars', unit: 'celsius' } }] },
  // Olmo 3 (test_olmo3_tool_parser.py)
  { source: 'vllm olmo3', family: 'olmo3', reply: `<function_calls>${PY_SIMPLE}</function_calls>`, calls: [PY_SIMPLE_CALL] },
  { source: 'vllm olmo3', family: 'olmo3', reply: `<function_calls>${PY_TYPES.replace('None', 'null').replace('True', 'true')}</function_calls>`, calls: [PY_TYPES_CALL] },
  { source: 'vllm olmo3', family: 'olmo3', reply: `<function_calls>${PY_ESCAPED}</function_calls>`, calls: [PY_ESCAPED_CALL] },
  { source: 'vllm olmo3', family: 'olmo3', reply: `<function_calls>${PY_SIMPLE}\n${PY_TYPES}</function_calls>`, calls: [PY_SIMPLE_CALL, PY_TYPES_CALL] },
  // Mistral (test_mistral_tool_parser.py)
  { source: 'vllm mistral pre-v11', family: 'mistral', reply: '[TOOL_CALLS][{"name": "add", "arguments":{"a": 3.5, "b": 4}}]', calls: [{ name: 'add', args: { a: 3.5, b: 4 } }] },
  { source: 'vllm mistral pre-v11', family: 'mistral', reply: '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]', calls: [weather('San Francisco', 'CA', 'celsius')] },
  { source: 'vllm mistral pre-v11', family: 'mistral', reply: '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]', calls: [{ name: 'get_age', args: { name: 'John Doe' } }] },
  { source: 'vllm mistral pre-v11', family: 'mistral', reply: '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]', calls: [{ name: 'add', args: { a: 3.5, b: 4 } }, weather('San Francisco', 'CA', 'celsius')] },
  { source: 'vllm mistral pre-v11', family: 'mistral', reply: 'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]', calls: [{ name: 'add', args: { a: 1, b: 2 } }] },
  { source: 'vllm mistral pre-v11', family: 'mistral', reply: '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\nextra trailing data', calls: [weather('Dallas', 'TX', 'fahrenheit')] },
  { source: 'vllm mistral v11', family: 'mistral', reply: '[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', calls: [{ name: 'add_this_and_that', args: { a: 3.5, b: 4 } }] },
  { source: 'vllm mistral v11', family: 'mistral', reply: '[TOOL_CALLS]get_current_weather{"city": "San Francisco", "state": "CA", "unit": "celsius"}', calls: [weather('San Francisco', 'CA', 'celsius')] },
  { source: 'vllm mistral v11', family: 'mistral', reply: '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]multiply{"a": 3, "b": 6}', calls: [{ name: 'add', args: { a: 3.5, b: 4 } }, { name: 'multiply', args: { a: 3, b: 6 } }] },
  { source: 'sglang mistral', family: 'mistral', reply: '[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"", "content":"```\\nANSWER: [City Name] - [Weather Conditions] - [Temperature]\\n```"}}]', calls: [{ name: 'make_next_step_decision', args: { decision: '', content: '```\nANSWER: [City Name] - [Weather Conditions] - [Temperature]\n```' } }] },
  { source: 'sglang mistral', family: 'mistral', reply: 'Here is some text before the tool call: [TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"ANSWER", "content":"The answer is 42"}}]', calls: [{ name: 'make_next_step_decision', args: { decision: 'ANSWER', content: 'The answer is 42' } }] },
  { source: 'format (Mistral tokenizer v11+)', family: 'mistral', reply: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
  // DeepSeek (test_deepseekv3_tool_parser.py, test_deepseekv31_tool_parser.py)
  { source: 'vllm deepseek_v3', family: 'deepseek', reply: `${DS.begin}${DS.call}function${DS.sep}get_weather\n\`\`\`json\n{"city": "Tokyo", "unit": "celsius"}\n\`\`\`${DS.callEnd}${DS.end}`, calls: [{ name: 'get_weather', args: { city: 'Tokyo', unit: 'celsius' } }] },
  { source: 'vllm deepseek_v3', family: 'deepseek', reply: `${DS.begin}${DS.call}function${DS.sep}get_weather\n\`\`\`json\n{"city": "Tokyo", "unit": "celsius"}\n\`\`\`${DS.callEnd}${DS.call}function${DS.sep}search_hotels\n\`\`\`json\n{"location": "Tokyo", "check_in": "2025-01-15"}\n\`\`\`${DS.callEnd}${DS.end}`, calls: [{ name: 'get_weather', args: { city: 'Tokyo', unit: 'celsius' } }, { name: 'search_hotels', args: { location: 'Tokyo', check_in: '2025-01-15' } }] },
  { source: 'vllm deepseek_v3', family: 'deepseek', reply: `${DS.begin}${DS.call}function${DS.sep}test_function\n\`\`\`json\n${VARIOUS_JSON}\n\`\`\`${DS.callEnd}${DS.end}`, calls: [{ name: 'test_function', args: VARIOUS }] },
  { source: 'vllm deepseek_v3', family: 'deepseek', reply: `${DS.begin}${DS.call}function${DS.sep}get_current_time\n\`\`\`json\n{}\n\`\`\`${DS.callEnd}${DS.end}`, calls: [{ name: 'get_current_time', args: {} }] },
  { source: 'vllm deepseek_v3', family: 'deepseek', reply: `Let me check the weather for you.${DS.begin}${DS.call}function${DS.sep}get_weather\n\`\`\`json\n{"city": "Paris"}\n\`\`\`${DS.callEnd}${DS.end}`, calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
  { source: 'vllm deepseek_v31', family: 'deepseek', reply: `normal text${DS.begin}${DS.call}foo${DS.sep}{"x":1}${DS.callEnd}${DS.end}`, calls: [{ name: 'foo', args: { x: 1 } }] },
  { source: 'vllm deepseek_v31', family: 'deepseek', reply: `some prefix text${DS.begin}${DS.call}foo${DS.sep}{"x":1}${DS.callEnd}${DS.call}bar${DS.sep}{"y":2}${DS.callEnd}${DS.end} some suffix text`, calls: [{ name: 'foo', args: { x: 1 } }, { name: 'bar', args: { y: 2 } }] },
  // Kimi K2 (test_kimi_k2_tool_parser.py)
  { source: 'vllm kimi_k2', family: 'kimi', reply: `I'll check. ${KIMI_WRAP(KIMI('functions.get_weather:0', '{"city": "Beijing"}'))}`, calls: [{ name: 'get_weather', args: { city: 'Beijing' } }] },
  { source: 'vllm kimi_k2', family: 'kimi', reply: `Compare weather. ${KIMI_WRAP(KIMI('functions.get_weather:0', '{"city": "Beijing"}'), KIMI('functions.get_weather:1', '{"city": "Shanghai"}'))}`, calls: [{ name: 'get_weather', args: { city: 'Beijing' } }, { name: 'get_weather', args: { city: 'Shanghai' } }] },
  { source: 'vllm kimi_k2', family: 'kimi', reply: `Multiple tasks. ${KIMI_WRAP(KIMI('functions.get_weather:0', '{"city": "New York"}'), KIMI('functions.get_news:1', '{"topic": "technology"}'), KIMI('functions.send_email:2', '{"to": "user@example.com", "subject": "Daily Update"}'))}`, calls: [{ name: 'get_weather', args: { city: 'New York' } }, { name: 'get_news', args: { topic: 'technology' } }, { name: 'send_email', args: { to: 'user@example.com', subject: 'Daily Update' } }] },
  { source: 'vllm kimi_k2', family: 'kimi', reply: `Process HTML. ${KIMI_WRAP(KIMI('functions.process_html:0', '{"html": "<div>content</div>"}'))}`, calls: [{ name: 'process_html', args: { html: '<div>content</div>' } }] },
  { source: 'vllm kimi_k2', family: 'kimi', reply: `Formatted. ${KIMI_WRAP(KIMI('functions.process_data:0', '{\n  "name": "test",\n  "value": 123\n}'))}`, calls: [{ name: 'process_data', args: { name: 'test', value: 123 } }] },
  { source: 'vllm kimi_k2', family: 'kimi', reply: `No prefix. ${KIMI_WRAP(KIMI('get_weather:0', '{"city": "Tokyo"}'))}`, calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }] },
  { source: 'vllm kimi_k2', family: 'kimi', reply: `Empty args. ${KIMI_WRAP(KIMI('functions.test:0', '{}'))}`, calls: [{ name: 'test', args: {} }] },
  // GLM-4.5 (test_glm4_moe_tool_parser.py)
  { source: 'vllm glm4_moe', family: 'glm', reply: GLM('Dallas', 'TX', 'fahrenheit'), calls: [weather('Dallas', 'TX', 'fahrenheit')] },
  { source: 'vllm glm4_moe', family: 'glm', reply: `${GLM('Dallas', 'TX', 'fahrenheit')}\n    ${GLM('Orlando', 'FL', 'fahrenheit')}`, calls: [weather('Dallas', 'TX', 'fahrenheit'), weather('Orlando', 'FL', 'fahrenheit')] },
  { source: 'vllm glm4_moe', family: 'glm', reply: `I'll help you check the weather. ${GLM('Seattle', 'WA', 'celsius')}`, calls: [weather('Seattle', 'WA', 'celsius')] },
  { source: 'vllm glm4_moe', family: 'glm', reply: '<think>I want to get the weather.</think>\n\nI will help you get the weather.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>\n</tool_call>', calls: [{ name: 'get_weather', args: { city: 'Beijing', date: '2025-08-01' } }] },
  { source: 'vllm glm4_moe', family: 'glm', reply: '<tool_call>get_current_time\n</tool_call>', calls: [{ name: 'get_current_time', args: {} }] },
  { source: 'vllm glm4_moe', family: 'glm', reply: '<tool_call>send_message\n<arg_key>recipient</arg_key>\n<arg_value>Amy</arg_value>\n<arg_key>message</arg_key>\n<arg_value>It is a nice day</arg_value>\n<arg_key>priority</arg_key>\n<arg_value>high</arg_value>\n</tool_call>', calls: [{ name: 'send_message', args: { recipient: 'Amy', message: 'It is a nice day', priority: 'high' } }] },
  // Qwen3-Coder XML (test_qwen3coder_tool_parser.py)
  { source: 'vllm qwen3coder', family: 'qwen3-coder', reply: XML_DALLAS, calls: [weather('Dallas', 'TX', 'fahrenheit')] },
  { source: 'vllm qwen3coder', family: 'qwen3-coder', reply: `Sure! Let me check the weather for you.${XML_DALLAS}`, calls: [weather('Dallas', 'TX', 'fahrenheit')] },
  { source: 'vllm qwen3coder', family: 'qwen3-coder', reply: '<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n<parameter=dimensions>\n{"width": 10, \n "height": 20}\n</parameter>\n<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>', calls: [{ name: 'calculate_area', args: { shape: 'rectangle', dimensions: { width: 10, height: 20 }, precision: 2 } }] },
  { source: 'vllm qwen3coder', family: 'qwen3-coder', reply: `${XML_DALLAS}\n${XML_ORLANDO}`, calls: [weather('Dallas', 'TX', 'fahrenheit'), weather('Orlando', 'FL', 'fahrenheit')] },
  { source: 'vllm qwen3coder', family: 'qwen3-coder', reply: 'Let me calculate that area for you.<tool_call>\n<function=calculate_area>\n<parameter=shape>\ncircle\n</parameter>\n<parameter=dimensions>\n{"radius": 15.5}\n</parameter>\n<parameter=precision>\n3\n</parameter>\n</function>\n</tool_call>', calls: [{ name: 'calculate_area', args: { shape: 'circle', dimensions: { radius: 15.5 }, precision: 3 } }] },
  { source: 'vllm qwen3coder', family: 'qwen3-coder', reply: '<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n</function>', calls: [{ name: 'get_current_weather', args: { city: 'Dallas', state: 'TX' } }] },
  { source: 'vllm qwen3coder', family: 'qwen3-coder', reply: '<tool_call>\n<function=test_types>\n<parameter=int_param>\n42\n</parameter>\n<parameter=float_param>\n3.14\n</parameter>\n<parameter=bool_param>\ntrue\n</parameter>\n<parameter=str_param>\nhello world\n</parameter>\n<parameter=obj_param>\n{"key": "value"}\n</parameter>\n</function>\n</tool_call>', calls: [{ name: 'test_types', args: { int_param: 42, float_param: 3.14, bool_param: true, str_param: 'hello world', obj_param: { key: 'value' } } }] },
  // MiniMax-M2 (test_minimax_m2_tool_parser.py); values without a schema stay text there
  { source: 'vllm minimax_m2', family: 'minimax-m2', reply: 'Let me check. <minimax:tool_call><invoke name="get_weather"><parameter name="city">Seattle</parameter></invoke></minimax:tool_call>', calls: [{ name: 'get_weather', args: { city: 'Seattle' } }] },
  { source: 'vllm minimax_m2', family: 'minimax-m2', reply: '<minimax:tool_call><invoke name="search_web"><parameter name="query">OpenAI</parameter></invoke><invoke name="search_web"><parameter name="query">Gemini</parameter></invoke></minimax:tool_call>', calls: [{ name: 'search_web', args: { query: 'OpenAI' } }, { name: 'search_web', args: { query: 'Gemini' } }] },
  { source: 'vllm minimax_m2', family: 'minimax-m2', reply: '<minimax:tool_call><invoke name="get_weather"><parameter name="city">NYC</parameter></invoke><invoke name="get_stock"><parameter name="ticker">AAPL</parameter></invoke></minimax:tool_call>', calls: [{ name: 'get_weather', args: { city: 'NYC' } }, { name: 'get_stock', args: { ticker: 'AAPL' } }] },
  { source: 'vllm minimax_m2', family: 'minimax-m2', reply: '<minimax:tool_call><invoke name="get_weather"><parameter name="city">Seattle</parameter><parameter name="days">5</parameter></invoke></minimax:tool_call>', calls: [{ name: 'get_weather', args: { city: 'Seattle', days: '5' } }] },
  // DeepSeek DSML (the format vLLM's DeepSeek V4 parser documents; V3.2 wraps it in function_calls)
  { source: 'format (vllm deepseek_v4 parser)', family: 'deepseek-dsml', reply: '<think>\n...reasoning...\n</think>\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name="func_name">\n<｜DSML｜parameter name="location" string="true">杭州</｜DSML｜parameter>\n<｜DSML｜parameter name="count" string="false">5</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>', calls: [{ name: 'func_name', args: { location: '杭州', count: 5 } }] },
  { source: 'format (DeepSeek V3.2)', family: 'deepseek-dsml', reply: 'Checking.<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">2024</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>', calls: [{ name: 'get_weather', args: { location: '2024' } }] },
  // Jamba (test_jamba_tool_parser.py)
  { source: 'vllm jamba', family: 'jamba', reply: ' <tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n]</tool_calls>', calls: [weather('Dallas', 'TX', 'fahrenheit')] },
  { source: 'vllm jamba', family: 'jamba', reply: ' Sure! let me call the tool for you.<tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n]</tool_calls>', calls: [weather('Dallas', 'TX', 'fahrenheit')] },
  { source: 'vllm jamba', family: 'jamba', reply: ' <tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}},\n    {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}\n]</tool_calls>', calls: [weather('Dallas', 'TX', 'fahrenheit'), weather('Orlando', 'FL', 'fahrenheit')] },
  { source: 'format (MiniMax-M1 chat template)', family: 'minimax-m1', reply: '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n{"name": "get_time", "arguments": {"timezone": "Europe/Paris"}}\n</tool_calls>', calls: [{ name: 'get_weather', args: { city: 'Paris' } }, { name: 'get_time', args: { timezone: 'Europe/Paris' } }] },
  // InternLM2 (test_internlm2_tool_parser.py)
  { source: 'vllm internlm2', family: 'internlm', reply: '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>', calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }] },
  { source: 'vllm internlm2', family: 'internlm', reply: `<|action_start|><|plugin|>{\n  "name": "test_function",\n  "parameters": ${VARIOUS_JSON}\n}<|action_end|>`, calls: [{ name: 'test_function', args: VARIOUS }] },
  { source: 'vllm internlm2', family: 'internlm', reply: '<|action_start|><|plugin|>{"name": "refresh", "parameters": {}}<|action_end|>', calls: [{ name: 'refresh', args: {} }] },
  { source: 'vllm internlm2', family: 'internlm', reply: 'Let me check the weather for you. <|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>', calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }] },
  { source: 'vllm internlm2', family: 'internlm', reply: `<|action_start|><|plugin|>{\n  "name": "test_function",\n  "parameters": ${ESCAPED_JSON}\n}<|action_end|>`, calls: [{ name: 'test_function', args: ESCAPED }] },
  // Phi-4-mini (test_phi4mini_tool_parser.py)
  { source: 'vllm phi4mini', family: 'phi4-mini', reply: 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]', calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }] },
  { source: 'vllm phi4mini', family: 'phi4-mini', reply: 'functools[\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]', calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }, { name: 'get_time', args: { timezone: 'Asia/Tokyo' } }] },
  { source: 'vllm phi4mini', family: 'phi4-mini', reply: `functools[{\n  "name": "test_function",\n  "arguments": ${VARIOUS_JSON}\n}]`, calls: [{ name: 'test_function', args: VARIOUS }] },
  { source: 'vllm phi4mini', family: 'phi4-mini', reply: 'Let me check the weather for you.\nfunctools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\nWould you like to know more?', calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }] },
  // Granite (test_granite_20b_fc_tool_parser.py; Granite 3.0's <|tool_call|> from its chat template)
  { source: 'vllm granite-20b-fc', family: 'granite', reply: '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}', calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }] },
  { source: 'vllm granite-20b-fc', family: 'granite', reply: '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}\n<function_call> {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}', calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }, { name: 'get_time', args: { timezone: 'Asia/Tokyo' } }] },
  { source: 'vllm granite-20b-fc', family: 'granite', reply: `<function_call> {\n  "name": "test_function",\n  "arguments": ${VARIOUS_JSON}\n}`, calls: [{ name: 'test_function', args: VARIOUS }] },
  { source: 'vllm granite-20b-fc', family: 'granite', reply: 'Let me check the weather for you.\n<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}', calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }] },
  { source: 'format (Granite 3.0 chat template)', family: 'granite', reply: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]', calls: [{ name: 'get_weather', args: { city: 'Tokyo' } }] },
  // gpt-oss Harmony (test_openai_tool_parser.py, written out as the text the encoding renders)
  { source: 'vllm openai (harmony)', family: 'harmony', reply: `${HARMONY_ANALYSIS}${HARMONY('get_current_weather', '{"location": "Tokyo"}')}`, calls: [{ name: 'get_current_weather', args: { location: 'Tokyo' } }] },
  { source: 'vllm openai (harmony)', family: 'harmony', reply: `${HARMONY_ANALYSIS}${HARMONY('get_current_weather', '{\n"location": "Tokyo"\n}')}`, calls: [{ name: 'get_current_weather', args: { location: 'Tokyo' } }] },
  { source: 'vllm openai (harmony)', family: 'harmony', reply: `${HARMONY_ANALYSIS}${HARMONY('get_current_weather', '{"location": "Tokyo"}')}${HARMONY('get_user_location', '{"location": "Tokyo"}')}<|start|>assistant<|channel|>commentary to=functions.no_content_type<|message|>{"location": "Tokyo"}<|call|>${HARMONY('empty_args', '{}')}`, calls: [{ name: 'get_current_weather', args: { location: 'Tokyo' } }, { name: 'get_user_location', args: { location: 'Tokyo' } }, { name: 'no_content_type', args: { location: 'Tokyo' } }, { name: 'empty_args', args: {} }] },
  { source: 'vllm openai (harmony)', family: 'harmony', reply: `${HARMONY_ANALYSIS}${HARMONY('get_current_weather', '{"location": "Tokyo"}')}<|start|>assistant<|channel|>final<|message|>This tool call will get the weather.<|return|>`, calls: [{ name: 'get_current_weather', args: { location: 'Tokyo' } }] },
  // API shapes written as text
  { source: 'format (Gemini functionCall part)', family: 'gemini', reply: '{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
  { source: 'format (OpenAI chat message)', family: 'openai-text', reply: '{"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}]}', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
  { source: 'format (OpenAI legacy function_call)', family: 'openai-text', reply: '{"function_call": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
  { source: 'format (LM Studio)', family: 'lm-studio', reply: '[TOOL_REQUEST]{"name": "get_weather", "arguments": {"city": "Paris"}}[END_TOOL_REQUEST]', calls: [{ name: 'get_weather', args: { city: 'Paris' } }] },
  // Issue 28's edge cases (the six bugs, reasoning, repair)
  { source: 'issue 28', family: 'hermes', reply: '<tool_call>{"name": "write_note", "arguments": {"text": "close with </tool_call>"}}</tool_call>', calls: [{ name: 'write_note', args: { text: 'close with </tool_call>' } }] },
  { source: 'issue 28', family: 'hermes', reply: '<tool_call>\n{"name": "search", "arguments": {"q": "a"}}, {"name": "search", "arguments": {"q": "b"}}\n</tool_call>', calls: [{ name: 'search', args: { q: 'a' } }, { name: 'search', args: { q: 'b' } }] },
  { source: 'issue 28', family: 'hermes', reply: 'Use a <tool_call> block. {"name": "search", "arguments": {"q": "a"}}', calls: [{ name: 'search', args: { q: 'a' } }] },
  { source: 'issue 28', family: 'fenced-json', reply: '```json\n{"name": "search", "arguments": {"q": "a"}}\n```\nand {"name": "search", "arguments": {"q": "b"}}', calls: [{ name: 'search', args: { q: 'a' } }, { name: 'search', args: { q: 'b' } }] },
  { source: 'issue 28', family: 'bare-json', reply: 'A cut {brace, then {"name": "search", "arguments": {"q": "a"}}', calls: [{ name: 'search', args: { q: 'a' } }] },
  { source: 'issue 28', family: 'reasoning', reply: '<think>Maybe {"name": "search", "arguments": {"q": "no"}}?</think>\n<tool_call>{"name": "search", "arguments": {"q": "yes"}}</tool_call>', calls: [{ name: 'search', args: { q: 'yes' } }] },
  { source: 'issue 28 (repair)', family: 'hermes', reply: "<tool_call>{'name': 'search', 'arguments': {'q': 'it\\'s',},}</tool_call>", calls: [{ name: 'search', args: { q: "it's" } }] },
  { source: 'issue 28 (repair)', family: 'hermes', reply: '<tool_call>{name: "search", arguments: {q: "line one\nline two\tend"}}</tool_call>', calls: [{ name: 'search', args: { q: 'line one\nline two\tend' } }] },
  { source: 'issue 28 (repair)', family: 'hermes', reply: '<tool_call>{"name": "search", "arguments": {"q": "a"}', calls: [{ name: 'search', args: { q: 'a' } }] },
  { source: 'issue 28 (repair)', family: 'bare-json', reply: '{"name": "search", "arguments": {"q": "a",}}', calls: [{ name: 'search', args: { q: 'a' } }] },
];

/** Text with braces, brackets and call-like words that holds no call. */
export const NEGATIVES: readonly string[] = [
  'The answer is $\\frac{1}{2} + \\sqrt{x^{2}}$ and \\begin{align} a &= b \\end{align}.',
  'Use {{title}} and {{date:YYYY-MM-DD}} in your template; {{#each items}}{{name}}{{/each}}.',
  'Set this in config.json:\n```json\n{"name": "search", "arguments": "none", "description": "my plugin"}\n```',
  'In JavaScript:\n```js\nconst call = {name: "search", arguments: {q: "a"}};\nrun({ name: "search", parameters: {} });\n```',
  'An object literal {name: "search", arguments: {q: "a"}} is not JSON.',
  'Here is the tool list: [{"name": "search", "description": "Searches"}, {"name": "get_weather", "description": "Weather"}]',
  'I recommend {"tool": "search", "reason": "to find notes"} next.',
  '{"summary": "Moved two notes", "edits": []}',
  'Python example:\n```python\n[search(q="a")]\nprint(get_weather(city="Paris"))\n```',
  'Call `search(q="a")` when you need it, or `[search(q="b")]` inline, or `{"name": "search", "arguments": {}}`.',
  'Tags: #project {status: done} [[Note {1}]] and a set {1, 2, 3}.',
  'YAML:\n```yaml\nname: search\narguments:\n  q: a\n```',
  'The `<tool_call>` tag and [TOOL_CALLS] token are how models call tools; `functools` is a Python module.',
  '<think>I could call {"name": "search", "arguments": {"q": "a"}} but I will not.</think>The answer is 42.',
  'Broken {"name": "search", "arguments": {"q": "a" and more text',
  // llama.cpp: a call inside an unclosed reasoning block is reasoning
  '<think><tool_call>nah uhg</tool_call>',
  // the model echoing its tool list in <tools>
  '<tools>\n{"name": "search", "description": "Searches", "parameters": {"type": "object"}}\n</tools>',
];
