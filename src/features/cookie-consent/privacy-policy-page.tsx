export default function Page() {
  return <section className="page"><h1>privacy-policy-page</h1></section>;
}
