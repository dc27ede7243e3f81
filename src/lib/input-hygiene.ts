/**
 * One policy for every text field of the app, present and future (installed once in main.tsx): what arrives in a
 * text input or textarea is cleaned of the characters no one means to type (domain/validation/typed-text), and a
 * field with no limit of its own gets a generous one; a paste past the limit is cut there and says so in Italian.
 * Passwords and PINs are left exactly as typed.
 */
import { DEFAULT_INPUT_MAX, DEFAULT_TEXTAREA_MAX, cleanTypedText, tooLongMessage } from '@/domain/validation/typed-text';

const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', '']);
const STATUS_ID = 'input-hygiene-status';

type Field = HTMLInputElement | HTMLTextAreaElement;

function asTextField(target: EventTarget | null): Field | undefined {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && TEXT_TYPES.has(target.type)) return target;
  return undefined;
}

/**
 * Writes the value through the prototype's setter: React keeps its own copy of the last value it saw, so the
 * change event that follows still reaches the form's onChange with the cleaned text.
 */
function setNativeValue(field: Field, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/** A polite live region at the foot of the page: read by screen readers, gone after a few seconds. */
function announce(message: string): void {
  let status = document.getElementById(STATUS_ID);
  if (!status) {
    status = document.createElement('div');
    status.id = STATUS_ID;
    status.className = 'input-hygiene-status';
    status.setAttribute('role', 'status');
    document.body.appendChild(status);
  }
  status.textContent = message;
  window.clearTimeout(Number(status.dataset.timer));
  status.dataset.timer = String(window.setTimeout(() => status.remove(), 6000));
}

function onInput(event: Event): void {
  const field = asTextField(event.target);
  if (!field) return;
  const multiline = field instanceof HTMLTextAreaElement;
  const max = limitOf(field);
  let value = cleanTypedText(field.value, { multiline });
  if (value.length > max) {
    value = value.slice(0, max);
    announce(tooLongMessage(max));
  }
  if (value !== field.value) setNativeValue(field, value);
}

function limitOf(field: Field): number {
  return field.maxLength > 0 ? field.maxLength : field instanceof HTMLTextAreaElement ? DEFAULT_TEXTAREA_MAX : DEFAULT_INPUT_MAX;
}

/** Fields with no maxlength get the default one when focused, so the browser itself stops typing at the limit. */
function onFocus(event: Event): void {
  const field = asTextField(event.target);
  if (field && field.maxLength <= 0) field.maxLength = limitOf(field);
}

/** The browser cuts a paste at maxlength without a word: say it, so nobody saves half a text believing it whole. */
function onPaste(event: ClipboardEvent): void {
  const field = asTextField(event.target);
  const pasted = event.clipboardData?.getData('text') ?? '';
  if (!field || pasted === '') return;
  const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
  const max = limitOf(field);
  if (field.value.length - selected + cleanTypedText(pasted, { multiline: field instanceof HTMLTextAreaElement }).length > max) announce(tooLongMessage(max));
}

export function installInputHygiene(root: Document = document): () => void {
  // Capture phase on the document: before React's listeners on the root element see the event.
  root.addEventListener('input', onInput, true);
  root.addEventListener('focusin', onFocus, true);
  root.addEventListener('paste', onPaste, true);
  return () => {
    root.removeEventListener('paste', onPaste, true);
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('focusin', onFocus, true);
  };
}
