/** A minimal XML element tree and its serialisation (UTF-8 declaration, two-space indentation, escaping). */
import { escapeXml } from './text';

export interface XmlElement {
  readonly name: string;
  readonly attrs?: Readonly<Record<string, string>>;
  /** Text content (escaped on output) or child elements; absent children (null/undefined/false) are skipped. */
  readonly content: string | readonly XmlChild[];
}
export type XmlChild = XmlElement | null | undefined | false;

export function el(name: string, content: string | readonly XmlChild[], attrs?: Record<string, string>): XmlElement {
  return attrs === undefined ? { name, content } : { name, content, attrs };
}

/** An element only when `value` is a non-empty string. */
export function optEl(name: string, value: string | null | undefined): XmlElement | null {
  return value === null || value === undefined || value === '' ? null : { name, content: value };
}

function write(node: XmlElement, indent: string, out: string[]): void {
  let open = `${indent}<${node.name}`;
  if (node.attrs) {
    for (const [k, v] of Object.entries(node.attrs)) open += ` ${k}="${escapeXml(v)}"`;
  }
  if (typeof node.content === 'string') {
    out.push(`${open}>${escapeXml(node.content)}</${node.name}>`);
    return;
  }
  const children = node.content.filter((c): c is XmlElement => Boolean(c));
  if (children.length === 0) {
    out.push(`${open}/>`);
    return;
  }
  out.push(`${open}>`);
  const inner = `${indent}  `;
  for (const child of children) write(child, inner, out);
  out.push(`${indent}</${node.name}>`);
}

/** One element and its children, as serializeXml writes them, every line after the first starting with `indent`. */
export function serializeElement(node: XmlElement, indent: string): string {
  const out: string[] = [];
  write(node, indent, out);
  return out.join('\n').slice(indent.length);
}

/** Serialises a document: XML declaration, then the tree, LF line ends, final newline. */
export function serializeXml(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, '', out);
  return `${out.join('\n')}\n`;
}
