export function QrButton() {
  return null;
}
