export default function Page() {
  return <section className="page"><h1>register-page</h1></section>;
}
