// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCsvFiles } from './use-csv-files';

type Mapping = { name: string };
const empty = (): Mapping => ({ name: '' });
const guess = (headers: readonly string[]): Mapping => ({ name: headers.find((h) => h.toLowerCase() === 'nome') ?? '' });

const fileList = (...files: File[]) => files as unknown as FileList;

describe('useCsvFiles', () => {
  it('reads the chosen files, guesses the mapping from their headers, and clears back to empty', async () => {
    const { result } = renderHook(() => useCsvFiles(empty, guess));
    expect(result.current.mapping).toEqual({ name: '' });
    await act(() => result.current.choose(fileList(new File(['Nome;Città\r\nRossi;Roma\r\n'], 'a.csv'), new File([''], 'vuoto.csv'))));
    expect(result.current.files.map((f) => [f.name, f.rows.length])).toEqual([['a.csv', 1]]);
    expect(result.current.fileErrors).toEqual(['vuoto.csv: Il file CSV è vuoto o non ha una riga di intestazione.']);
    expect(result.current.headers).toEqual(['Nome', 'Città']);
    expect(result.current.mapping).toEqual({ name: 'Nome' });
    act(() => result.current.setMapping({ name: '' }));
    expect(result.current.mapping).toEqual({ name: '' });
    act(() => result.current.clear());
    expect([result.current.files, result.current.fileErrors, result.current.headers, result.current.mapping]).toEqual([[], [], [], { name: '' }]);
  });
});
