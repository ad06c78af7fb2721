/** Placeholder: built in its own change. */
export default function Page() {
  return <h1>Tous les outils</h1>;
}
