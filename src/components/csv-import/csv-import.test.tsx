// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadedCsvFile } from '@/lib/read-csv-files';
import { ColumnMappingGrid, CsvFilesField, CsvImportPanel, CsvPreview, ImportProgress, SkippedLinesList } from './csv-import';

afterEach(cleanup);

const loaded = (name: string, count: number): LoadedCsvFile => ({
  name,
  headers: ['Nome', 'P.IVA'],
  encoding: 'utf-8',
  delimiter: ';',
  rows: Array.from({ length: count }, (_, i) => ({ file: name, line: i + 2, row: { Nome: `Cliente ${i}`, 'P.IVA': '' } })),
});

describe('CsvImportPanel', () => {
  it('a region named by its title, with a close button', () => {
    const onClose = vi.fn<() => void>();
    render(
      <CsvImportPanel title="Importa clienti da CSV" onClose={onClose} testId="product-import">
        <p>contenuto</p>
      </CsvImportPanel>,
    );
    const region = screen.getByRole('region', { name: 'Importa clienti da CSV' });
    expect(region.dataset.testid).toBe('product-import');
    expect(within(region).getByText('contenuto')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: "Chiudi l'importazione" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('CsvFilesField', () => {
  it('labels the input, hands the chosen files over, shows reading and one error per file', () => {
    const onChoose = vi.fn<(files: FileList | null) => void>();
    const { rerender } = render(<CsvFilesField id="f" disabled={false} reading={false} errors={[]} onChoose={onChoose} />);
    const input = screen.getByLabelText<HTMLInputElement>('File CSV (uno o più)');
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('.csv,text/csv,text/plain');
    expect(screen.getByText('Separatore ; o , e codifica (UTF-8, UTF-16 o Windows-1252) riconosciuti automaticamente; al massimo 20 MB per file.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { files: [] } });
    expect(onChoose).toHaveBeenCalledTimes(1);
    rerender(<CsvFilesField id="f" note="Lo stesso formato dell'esportazione." disabled reading errors={['a.csv: il file non contiene righe di dati.', 'b.csv: x']} onChoose={onChoose} />);
    expect(input.disabled).toBe(true);
    expect(screen.getByText("Separatore ; o , e codifica (UTF-8, UTF-16 o Windows-1252) riconosciuti automaticamente; al massimo 20 MB per file. Lo stesso formato dell'esportazione.")).toBeTruthy();
    expect(screen.getByText('Lettura dei file…')).toBeTruthy();
    // The alert holds a list (a list with role=alert would orphan its items: axe 'listitem').
    expect(within(screen.getByRole('alert')).getByRole('list')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a.csv: il file non contiene righe di dati.', 'b.csv: x']);
  });
});

describe('CsvPreview', () => {
  it('lists every file and shows the first rows of the first file only', () => {
    render(<CsvPreview files={[loaded('a.csv', 7), loaded('b.csv', 2)]} rows={5} />);
    expect(screen.getByTestId('import-files').textContent).toBe('a.csv: 7 righe · b.csv: 2 righe');
    expect(screen.getByRole('heading', { name: 'Anteprima (prime 5 righe di a.csv)' })).toBeTruthy();
    const table = screen.getByTestId('import-preview');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nome', 'P.IVA']);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(5);
  });

  it('a file of one row: 1 riga, prima riga; a short file: as many rows as it has', () => {
    render(<CsvPreview files={[loaded('a.csv', 1)]} rows={5} />);
    expect(screen.getByTestId('import-files').textContent).toBe('a.csv: 1 riga');
    expect(screen.getByRole('heading', { name: 'Anteprima (prima riga di a.csv)' })).toBeTruthy();
    cleanup();
    render(<CsvPreview files={[loaded('b.csv', 3)]} rows={5} />);
    expect(screen.getByRole('heading', { name: 'Anteprima (prime 3 righe di b.csv)' })).toBeTruthy();
  });

  it('nothing without files', () => {
    const { container } = render(<CsvPreview files={[]} rows={5} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('ColumnMappingGrid', () => {
  it('one labelled select per field, headers as options, a change gives the whole new mapping, the problem under it', () => {
    const onChange = vi.fn<(m: Record<'name' | 'vat', string>) => void>();
    render(
      <ColumnMappingGrid
        idPrefix="p"
        fields={['name', 'vat'] as const}
        labels={{ name: 'Ragione Sociale', vat: 'P.IVA' }}
        mapping={{ name: 'Nome', vat: '' }}
        headers={['Nome', 'Partita IVA']}
        disabled={false}
        problem="Mapping incompleto"
        onChange={onChange}
      />,
    );
    const name = screen.getByLabelText<HTMLSelectElement>('Ragione Sociale');
    expect(name.value).toBe('Nome');
    expect([...name.options].map((o) => o.textContent)).toEqual(['— non importare —', 'Nome', 'Partita IVA']);
    fireEvent.change(screen.getByLabelText('P.IVA'), { target: { value: 'Partita IVA' } });
    expect(onChange).toHaveBeenCalledWith({ name: 'Nome', vat: 'Partita IVA' });
    expect(screen.getByRole('status').textContent).toBe('Mapping incompleto');
  });
});

describe('ImportProgress and SkippedLinesList', () => {
  it('progress bar with its text', () => {
    render(<ImportProgress done={3} total={10}>3 di 10 salvati</ImportProgress>);
    const bar = screen.getByLabelText<HTMLProgressElement>('Avanzamento importazione');
    expect([bar.value, bar.max]).toEqual([3, 10]);
    expect(screen.getByRole('status').textContent).toBe('3 di 10 salvati');
  });

  it('each reason with its count and at most 30 lines', () => {
    const lines = Array.from({ length: 32 }, (_, i) => `a.csv: ${i + 2}`);
    render(<SkippedLinesList groups={[{ reason: 'duplicate', label: 'Ripetuto', lines }, { reason: 'no-name', label: 'Senza nome', lines: ['a.csv: 40'] }]} />);
    expect(screen.getByTestId('skipped-duplicate').textContent).toBe(`Ripetuto: 32 (righe ${lines.slice(0, 30).join(', ')} … e altre 2)`);
    expect(screen.getByTestId('skipped-no-name').textContent).toBe('Senza nome: 1 (riga a.csv: 40)');
  });

  it("one line left out past the 30 is 'un’altra'", () => {
    const lines = Array.from({ length: 31 }, (_, i) => `a.csv: ${i + 2}`);
    render(<SkippedLinesList groups={[{ reason: 'duplicate', label: 'Ripetuto', lines }]} />);
    expect(screen.getByTestId('skipped-duplicate').textContent).toBe(`Ripetuto: 31 (righe ${lines.slice(0, 30).join(', ')} … e un’altra)`);
  });
});
