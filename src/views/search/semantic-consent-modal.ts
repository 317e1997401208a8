// Asks before a first semantic build with a paid provider: how many notes and chunks, about how
// many tokens and dollars, and to whom the text goes. Closing the modal is a no.
import { type App, Modal, Setting } from 'obsidian';
import type { CostEstimate } from '../../search/semantic/build-state';

export function estimateSentence(e: CostEstimate, provider: string): string {
  const usd = e.usd === null ? 'at a price Reeve does not know' : `for about $${e.usd < 0.01 ? e.usd.toFixed(4) : e.usd.toFixed(2)}`;
  return `Building the semantic index sends the text of ${e.notes.toLocaleString('en-US')} notes (${e.chunks.toLocaleString('en-US')} chunks, about ${e.tokens.toLocaleString('en-US')} tokens) to ${provider}, ${usd}. Later edits send only the changed sections.`;
}

class ConsentModal extends Modal {
  private answered = false;

  constructor(
    app: App,
    private readonly text: string,
    private readonly answer: (yes: boolean) => void,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle('Build the semantic index?');
    this.contentEl.createEl('p', { text: this.text });
    new Setting(this.contentEl)
      .addButton((b) => b.setButtonText('Not now').onClick(() => this.reply(false)))
      .addButton((b) =>
        b
          .setButtonText('Build index')
          .setCta()
          .onClick(() => this.reply(true)),
      );
  }

  private reply(yes: boolean): void {
    if (!this.answered) this.answer(yes);
    this.answered = true;
    this.close();
  }

  override onClose(): void {
    if (!this.answered) this.answer(false);
    this.answered = true;
    this.contentEl.empty();
  }
}

export function askSemanticConsent(app: App, estimate: CostEstimate, provider: string): Promise<boolean> {
  return new Promise((resolve) => new ConsentModal(app, estimateSentence(estimate, provider), resolve).open());
}
