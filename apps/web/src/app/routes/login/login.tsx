/** Placeholder: built in its own change. */
export default function Page() {
  return <h1>Connexion</h1>;
}
