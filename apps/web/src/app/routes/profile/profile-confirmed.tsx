/** Placeholder: built in its own change. */
export default function Page() {
  return <h1>Activation du compte</h1>;
}
