import { describe, expect, it } from 'vitest';
import { packQuantity } from './pack-quantity';

describe('packQuantity', () => {
  it.each([
    ['Coppia di guarnizioni', 2],
    ['GUANTI NITRILE COPPIA', 2],
    ['Acqua naturale CF 6', 6],
    ['Acqua naturale CF6', 6],
    ['Birra CT 24 bottiglie', 24],
    ['Biscotti CONF.12', 12],
    ['Biscotti conf 12', 12],
    ['Viti BOX x 100', 100],
    ['Viti box×50', 50],
    ['Penne PZ 10', 10],
    ['Penne 10 PZ', 10],
    ['Penne 12pz', 12],
    ['Cavi 6 PCS', 6],
    ['PCS: 4 adattatori', 4],
  ])('%s → %i', (text, n) => {
    expect(packQuantity(text)).toBe(n);
  });

  it.each([
    ['Trapano a percussione', 1],
    ['', 1],
    ['Coppa gelato', 1],
    ['Scatola CT 2025 catalogo', 1],
    ['Bottiglia 0,75 L', 1],
    ['PZ', 1],
    ['CT 0', 1],
    ['Copertina', 1],
  ])('%s has no pack → 1', (text, n) => {
    expect(packQuantity(text)).toBe(n);
  });
});
