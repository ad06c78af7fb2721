/** Placeholder: built in its own change. */
export default function Page() {
  return <h1>ERREUR 404</h1>;
}
