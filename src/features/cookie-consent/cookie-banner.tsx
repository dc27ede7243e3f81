export function CookieBanner() {
  return null;
}
