export default function Page() {
  return <section className="page"><h1>select-employee-page</h1></section>;
}
