/** Placeholder: built in its own change. */
export default function Page() {
  return <h1>Accès non autorisé</h1>;
}
