/** Placeholder: built in its own change. */
export default function Page() {
  return <h1>Votre compte a bien été créé !</h1>;
}
