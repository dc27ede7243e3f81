/** Saves text as a file through the browser's download (the CSV exports). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Saves bytes exactly as they are (an SDI receipt's XML): no re-encoding on the way. */
export function downloadBytes(fileName: string, bytes: Uint8Array, type = 'application/xml'): void {
  downloadBlob(fileName, new Blob([new Uint8Array(bytes)], { type }));
}

function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'prefix-2026-11-23.csv' with today's local date. */
export function datedFileName(prefix: string, extension = 'csv'): string {
  const d = new Date();
  return `${prefix}-${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}.${extension}`;
}
