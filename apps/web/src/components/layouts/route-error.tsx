/** Shown when a page fails to load (for example a lost connection while fetching its code). */
export function RouteError() {
  return (
    <main id="contenu">
      <h1>Oups, il y a eu un souci</h1>
      <p>La page n’a pas pu se charger. Vérifiez votre connexion puis rechargez la page.</p>
    </main>
  );
}
