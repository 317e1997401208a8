// For tests that run under happy-dom: Obsidian's DOM prototype extensions (createEl, empty,
// addClass, ...) and globals (activeDocument, createDiv, ...).
import { setup } from 'obsidian-test-mocks/setup';

setup();
