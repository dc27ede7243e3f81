export default function Page() {
  return <section className="page"><h1>cookie-policy-page</h1></section>;
}
