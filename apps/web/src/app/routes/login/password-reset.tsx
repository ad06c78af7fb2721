/** Placeholder: built in its own change. */
export default function Page() {
  return <h1>Ré-initialiser votre mot de passe</h1>;
}
