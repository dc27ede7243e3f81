/// <reference types="node" />
/**
 * Node-only helpers for tests: read the vendored FatturaPA fixtures (__fixtures__/, byte-for-byte copies of the
 * official files). Never import this from application code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FatturapaSchemas } from './xsd';

const FIXTURES = fileURLToPath(new URL('./__fixtures__/', import.meta.url));

/** The FatturaPA 1.2.3 schema and the xmldsig schema it imports. */
export function loadFatturapaSchemas(): FatturapaSchemas {
  return {
    main: readFileSync(join(FIXTURES, 'xsd', 'Schema_VFPR12_v1.2.3.xsd'), 'utf8'),
    preload: [{ fileName: 'xmldsig-core-schema.xsd', contents: readFileSync(join(FIXTURES, 'xsd', 'xmldsig-core-schema.xsd'), 'utf8') }],
  };
}

export const SAMPLE_NAMES = ['FPA01', 'FPA02', 'FPA03', 'FPR01', 'FPR02', 'FPR03'] as const;
export type SampleName = (typeof SAMPLE_NAMES)[number];

/** The official sample in XML (as published) or in our JSON form. */
export function loadSample(name: SampleName, form: 'xml' | 'json' = 'xml'): string {
  return readFileSync(join(FIXTURES, 'samples', `IT01234567890_${name}.${form}`), 'utf8');
}

/** Every file name under __fixtures__/samples (to assert the fixture set is complete). */
export function listSampleFiles(): string[] {
  return readdirSync(join(FIXTURES, 'samples')).sort();
}

const REALWORLD = join(FIXTURES, 'realworld');

/** The public real-world files (realworld/SOURCES.tsv says where each comes from), sorted by name. */
export function listRealworldFiles(): string[] {
  return readdirSync(REALWORLD)
    .filter((f) => f !== 'SOURCES.tsv')
    .sort();
}

export function loadRealworld(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(REALWORLD, name)));
}

/** The simplified-invoice schema (FSM10); it imports the same xmldsig schema as 1.2.3. */
export function loadSimplifiedSchema(): string {
  return readFileSync(join(FIXTURES, 'xsd', 'Schema_VFSM10.xsd'), 'utf8');
}
