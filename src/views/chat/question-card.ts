// ask_user: the agent's question inline in the timeline, with a field to answer it. The run waits
// on the returned promise; Skip (or Stop) answers null, and the agent goes on without an answer.
export function askInline(el: HTMLElement, question: string, signal?: AbortSignal): Promise<string | null> {
  const card = el.createDiv({ cls: 'reeve-chat-question', attr: { role: 'group', 'aria-label': 'Question from the agent' } });
  card.createDiv({ cls: 'reeve-chat-question-text', text: question });
  const input = card.createEl('textarea', { cls: 'reeve-chat-question-input', attr: { rows: '2', 'aria-label': 'Your answer' } });
  const row = card.createDiv({ cls: 'reeve-chat-question-actions' });
  const send = row.createEl('button', { cls: 'mod-cta', text: 'Answer' });
  const skip = row.createEl('button', { text: 'Skip' });
  window.setTimeout(() => input.focus(), 0);
  return new Promise((resolve) => {
    const done = (answer: string | null): void => {
      card.addClass('is-answered');
      input.disabled = true;
      send.disabled = true;
      skip.disabled = true;
      card.createDiv({ cls: 'reeve-chat-question-answer', text: answer === null ? 'Not answered.' : `You answered: ${answer}` });
      resolve(answer);
    };
    send.addEventListener('click', () => {
      if (input.value.trim() !== '') done(input.value.trim());
    });
    skip.addEventListener('click', () => done(null));
    input.addEventListener('keydown', (evt) => {
      if (evt.key === 'Enter' && !evt.shiftKey && !evt.isComposing) {
        evt.preventDefault();
        if (input.value.trim() !== '') done(input.value.trim());
      }
    });
    signal?.addEventListener('abort', () => {
      if (!card.hasClass('is-answered')) done(null);
    });
  });
}
