/**
 * Turns xmllint (libxml2) schema errors into InvoiceProblems: an Italian message and the field path, found from
 * the line number xmllint reports and the element it names.
 */
import { problem, type InvoiceProblem } from './problem';
import { REPEATABLE_ELEMENTS } from './schema-facts';

/** Strips '{namespace}' from '{ns}Name'. */
function local(name: string): string {
  return name.replace(/^\{[^}]*\}/, '');
}

function expectedList(list: string): string {
  return list
    .split(',')
    .map((s) => local(s.trim()))
    .filter((s) => s !== '')
    .join(', ');
}

interface Translation {
  element: string | undefined;
  value: string | undefined;
  message: string;
}

/** Italian text for one libxml2 schema message (the part after 'Schemas validity error : '). */
export function translateXsdMessage(raw: string): Translation {
  const msg = raw.replace(/^.*?Schemas validity error : /, '').trim();
  const head = /^Element '([^']+)'(?:, attribute '([^']+)')?: (.*)$/s.exec(msg);
  if (!head) return { element: undefined, value: undefined, message: `Errore di formato: ${msg}` };
  const element = local(head[1] ?? '');
  const attribute = head[2];
  const rest = head[3] ?? '';
  const field = attribute ? `l'attributo ${attribute} di ${element}` : `il campo ${element}`;
  const Field = field.charAt(0).toUpperCase() + field.slice(1);
  let m: RegExpExecArray | null;
  if ((m = /^This element is not expected\.(?: Expected is (?:one of )?\( (.*) \)\.)?/.exec(rest))) {
    const expected = m[1] ? ` (qui è atteso: ${expectedList(m[1])})` : '';
    return { element, value: undefined, message: `${Field} non è previsto in questa posizione${expected}.` };
  }
  if ((m = /^Missing child element\(s\)\. Expected is (one of )?\( (.*) \)\./.exec(rest))) {
    const list = expectedList(m[2] ?? '');
    const message = m[1] ? `Nel campo ${element} manca un elemento obbligatorio (uno tra: ${list}).` : `Nel campo ${element} manca l'elemento obbligatorio ${list}.`;
    return { element, value: undefined, message };
  }
  if ((m = /^\[facet '(\w+)'\] The value '(.*?)' (.*)$/s.exec(rest))) {
    const [, facet = '', value = '', detail = ''] = m;
    const n = /length of '(\d+)'.*?length of '(\d+)'/.exec(detail);
    const messages: Record<string, string> = {
      pattern: `${Field} ha un valore ("${value}") nel formato sbagliato.`,
      enumeration: `${Field} ha un valore ("${value}") che non è tra i codici ammessi.`,
      maxLength: `${Field} è troppo lungo (${n?.[1] ?? '?'} caratteri, massimo ${n?.[2] ?? '?'}).`,
      minLength: value === '' ? `${Field} è vuoto.` : `${Field} è troppo corto (${n?.[1] ?? '?'} caratteri, minimo ${n?.[2] ?? '?'}).`,
      length: `${Field} deve avere esattamente ${n?.[2] ?? '?'} caratteri ("${value}" ne ha ${n?.[1] ?? '?'}).`,
    };
    return { element, value, message: messages[facet] ?? `${Field} ha un valore non ammesso ("${value}").` };
  }
  if ((m = /^'(.*?)' is not a valid value of the .*?type '([^']+)'\./s.exec(rest))) {
    const type = local(m[2] ?? '');
    const kind = /date|^data/i.test(type) ? ' (la data va scritta AAAA-MM-GG)' : /decimal|amount|rate|quantita|prezzo/i.test(type) ? ' (numero con il punto decimale, per esempio 12.50)' : '';
    return { element, value: m[1], message: `${Field} ha un valore non valido ("${m[1] ?? ''}")${kind}.` };
  }
  if (/^Character content other than whitespace is not allowed/.test(rest)) {
    return { element, value: undefined, message: `${Field} non può contenere testo, solo altri campi.` };
  }
  if (/^No matching global declaration available for the validation root/.test(rest)) {
    return { element, value: undefined, message: `Il documento non è una fattura elettronica FatturaPA (elemento radice ${element} o namespace errati).` };
  }
  if ((m = /^The attribute '([^']+)' is required but missing\./.exec(rest))) {
    return { element, value: undefined, message: `Nel campo ${element} manca l'attributo obbligatorio ${m[1] ?? ''}.` };
  }
  return { element, value: undefined, message: `${Field} non rispetta il formato FatturaPA: ${rest}` };
}

/**
 * Path of the element `name` whose start tag is on `line` (1-based), e.g.
 * 'FatturaElettronicaHeader/DatiTrasmissione/ContattiTrasmittente'. When several elements of that name start on the
 * line (compact XML), the one whose text equals `value` wins, else the first. The root element is left out.
 */
export function pathAtLine(xml: string, line: number, name: string, value?: string): string | undefined {
  const tag = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)(?:[\w.-]+:)?([\w.-]+)(?:\s[^>]*?)?(\/?)>/g;
  const stack: { segment: string; counts: Map<string, number> }[] = [];
  const rootCounts = new Map<string, number>();
  let current = 1;
  let last = 0;
  let first: string | undefined;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    for (let i = last; i < m.index; i++) if (xml.charCodeAt(i) === 10) current++;
    last = m.index;
    if (current > line) break;
    const elementName = m[2];
    if (elementName === undefined) continue;
    if (m[1] === '/') {
      stack.pop();
      continue;
    }
    const counts = stack[stack.length - 1]?.counts ?? rootCounts;
    const n = (counts.get(elementName) ?? 0) + 1;
    counts.set(elementName, n);
    const segment = REPEATABLE_ELEMENTS.has(elementName) ? `${elementName}[${n}]` : elementName;
    if (current === line && elementName === name) {
      const path = [...stack.slice(1).map((s) => s.segment), ...(stack.length > 0 ? [segment] : [])].join('/');
      first ??= path;
      const textEnd = xml.indexOf('<', tag.lastIndex);
      if (value !== undefined && xml.slice(tag.lastIndex, textEnd === -1 ? undefined : textEnd).trim() === value) return path;
    }
    if (m[3] !== '/') stack.push({ segment, counts: new Map() });
  }
  return first;
}

export interface XmllintError {
  readonly message: string;
  readonly loc: null | { readonly fileName: string; readonly lineNumber: number };
}

/** Problems for one document's xmllint errors (already filtered to that document's file name). */
export function xsdProblems(xml: string, errors: readonly XmllintError[]): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (!e.loc) continue; // 'x fails to validate' summaries and the parser's context lines
    const line = e.loc.lineNumber;
    if (/parser error/.test(e.message)) {
      const detail = e.message.replace(/^.*?parser error : /, '');
      out.push(problem('XSD', '', `Il file XML non è ben formato (riga ${line}): ${detail}`));
      continue;
    }
    const t = translateXsdMessage(e.message);
    const path = t.element ? (pathAtLine(xml, line, t.element, t.value) ?? t.element) : '';
    // libxml2 often follows a facet error with "... is not a valid value of the atomic type" for the same field.
    const key = `${line}|${path}`;
    if (seen.has(key) && /is not a valid value of the/.test(e.message)) continue;
    seen.add(key);
    out.push(problem('XSD', path, t.message));
  }
  return out;
}
