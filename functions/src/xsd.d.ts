/** XSD files are bundled as text (esbuild --loader:.xsd=text). */
declare module '*.xsd' {
  const text: string;
  export default text;
}
