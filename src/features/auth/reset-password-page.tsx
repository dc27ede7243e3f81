export default function Page() {
  return <section className="page"><h1>reset-password-page</h1></section>;
}
